import { useEffect, useId, useRef, useState } from 'react';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { SIGNATURE_INK } from './sign-placements.ts';

/**
 * The styles a typed signature is written in: fonts looked for on the visitor's device, in order, then the
 * browser's own of the kind (no font is downloaded for them). Scripts a font lacks fall back to the device's fonts.
 */
const STYLES = {
  script: {
    family: "'Segoe Script', 'Brush Script MT', 'Apple Chancery', 'URW Chancery L', 'Z003', cursive",
  },
  italic: { family: "'Palatino Linotype', Palatino, 'URW Palladio L', 'P052', Georgia, serif", italic: true },
  print: { family: "'Segoe Print', 'Comic Sans MS', 'Chalkboard SE', 'Comic Neue', sans-serif" },
} as const;
export type TypedStyle = keyof typeof STYLES;
const STYLE_IDS = Object.keys(STYLES) as TypedStyle[];

/** The text's size in the picture, in pixels; the picture is cut to the text with a margin. */
const FONT_PX = 96;
const MARGIN_PX = 12;

/** The text written in a style, as a PNG with a transparent background cut to the text; null for blank text. */
async function writeSignature(text: string, style: TypedStyle): Promise<Blob | null> {
  if (text.trim() === '') return null;
  const { family } = STYLES[style];
  const font = `${'italic' in STYLES[style] ? 'italic ' : ''}${FONT_PX}px ${family}`;
  const canvas = document.createElement('canvas');
  const measure = canvas.getContext('2d');
  if (!measure) return null;
  measure.font = font;
  const metrics = measure.measureText(text);
  const ascent = Math.ceil(metrics.actualBoundingBoxAscent || FONT_PX);
  const descent = Math.ceil(metrics.actualBoundingBoxDescent || FONT_PX / 4);
  const left = Math.ceil(metrics.actualBoundingBoxLeft || 0);
  const width = Math.ceil(left + (metrics.actualBoundingBoxRight || metrics.width));
  canvas.width = width + 2 * MARGIN_PX;
  canvas.height = ascent + descent + 2 * MARGIN_PX;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = font;
  context.fillStyle = SIGNATURE_INK;
  context.fillText(text, MARGIN_PX + left, MARGIN_PX + ascent);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

export type TypedSignatureProps = {
  readonly words: {
    readonly textLabel: string;
    readonly textHint: string;
    readonly styleLabel: string;
    readonly styles: Readonly<Record<TypedStyle, string>>;
  };
  readonly disabled: boolean;
  readonly onChange: (picture: Blob | null) => void;
};

/**
 * A signature typed: a line of text written in a handwriting-like style of the device's fonts, each style shown
 * in itself, and made into a transparent PNG as it is typed (the last text typed wins over slower pictures).
 */
export function TypedSignature({ words, disabled, onChange }: TypedSignatureProps) {
  const [text, setText] = useState('');
  const [style, setStyle] = useState<TypedStyle>('script');
  const inputId = useId();
  const hintId = useId();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    let isCurrent = true;
    void writeSignature(text, style).then((picture) => {
      if (isCurrent) latest.current(picture);
    });
    return () => {
      isCurrent = false;
    };
  }, [text, style]);
  const { family } = STYLES[style];
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
          {words.textLabel}
        </label>
        <input
          id={inputId}
          type="text"
          dir="auto"
          maxLength={100}
          value={text}
          disabled={disabled}
          aria-describedby={hintId}
          data-testid="signature-typed"
          className="mt-2 block w-full rounded-xl border border-slate-300 px-3 py-2 text-2xl text-[#1e2a78]"
          style={{ fontFamily: family, fontStyle: 'italic' in STYLES[style] ? 'italic' : 'normal' }}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {words.textHint}
        </p>
      </div>
      <ChoiceGroup
        name="signature-style"
        legend={words.styleLabel}
        value={style}
        disabled={disabled}
        testId="signature-style"
        choices={STYLE_IDS.map((id) => ({ value: id, label: words.styles[id] }))}
        onChange={setStyle}
      />
    </div>
  );
}
