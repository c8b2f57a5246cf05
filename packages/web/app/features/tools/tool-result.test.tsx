import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToolResult } from './tool-result.tsx';

const renderResult = (imageAlt?: string) =>
  renderToString(
    <ToolResult
      heading="Your file is ready"
      fileName="poster.jpg"
      sizeLabel="12 KB"
      url="blob:https://pdf.example.org/1"
      downloadLabel="Download poster.jpg"
      startOverLabel="Start over"
      onStartOver={() => {}}
      {...(imageAlt === undefined ? {} : { imageAlt })}
    />,
  );

describe('ToolResult', () => {
  it('shows a result that is one image (PDF to JPG of one page) as a small preview, described', () => {
    const html = renderResult('Preview of poster.jpg');
    expect(html).toMatch(/<img [^>]*src="blob:https:\/\/pdf.example.org\/1"/);
    expect(html).toContain('alt="Preview of poster.jpg"');
    expect(html).toMatch(/<a [^>]*download="poster.jpg"/);
  });

  it('shows no picture for any other file', () => {
    expect(renderResult()).not.toContain('<img');
  });
});
