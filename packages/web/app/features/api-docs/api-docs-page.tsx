import { JOBS_TAG } from '@quire/shared';
import type { ReactNode } from 'react';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { useT } from '../../i18n/use-t.ts';
import { CodeBlock } from './code-block.tsx';
import { CURL_LINE_BREAK } from './curl-example.ts';
import type { ApiDocsModel } from './describe-api.ts';
import { docText } from './doc-text.ts';
import { DocsToc, type TocEntry } from './docs-toc.tsx';
import { EndpointSection } from './endpoint-section.tsx';
import { ErrorCodeTable } from './error-code-table.tsx';
import { InlineCode } from './inline-code.tsx';
import { JOB_OBJECT_ID, JOBS_FLOW_ID, JobsGuide } from './jobs-guide.tsx';

export const OPENAPI_URL = '/api/openapi.json';

const ERROR_BODY_EXAMPLE = JSON.stringify(
  {
    success: false,
    error: {
      code: 'FILE_TOO_LARGE',
      message: '"scan.pdf" is larger than 100 MB.',
      details: { fileIndex: 0, fileName: 'scan.pdf', limitBytes: 104857600 },
    },
  },
  null,
  2,
);

/** A curl example with the bearer token added after its first line. */
function withApiKey(curl: string): string {
  const [first = '', ...rest] = curl.split(CURL_LINE_BREAK);
  return [first, "-H 'Authorization: Bearer YOUR_API_KEY'", ...rest].join(CURL_LINE_BREAK);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const Text = ({ text }: { text: string }) => (
  <p>
    <InlineCode text={text} />
  </p>
);

/** The API reference, rendered when the site is built from the OpenAPI document the server publishes. */
export function ApiDocsPage({ model, origin }: { model: ApiDocsModel; origin: string }) {
  const t = useT();
  const toc: TocEntry[] = [
    { id: 'overview', title: t('apiDocs.overview.title') },
    { id: 'authentication', title: t('apiDocs.auth.title') },
    { id: 'rate-limits', title: t('apiDocs.rateLimit.title') },
    { id: 'errors', title: t('apiDocs.errors.title') },
    ...model.tags.map((tag) => ({
      id: `tag-${tag}`,
      title: docText(t, `tags.${tag}.title`),
      children: [
        ...(tag === JOBS_TAG
          ? [
              { id: JOBS_FLOW_ID, title: t('apiDocs.jobs.flowTitle') },
              { id: JOB_OBJECT_ID, title: t('apiDocs.jobs.objectTitle') },
            ]
          : []),
        ...model.endpoints
          .filter((endpoint) => endpoint.tag === tag)
          .map((endpoint) => ({
            id: endpoint.id,
            title: docText(t, `operations.${endpoint.operationId}.summary`),
            method: endpoint.method,
            path: endpoint.path,
          })),
      ],
    })),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('apiDocs.title')}</h1>
        <p className="mt-3 text-lg text-slate-600">
          <InlineCode text={t('apiDocs.intro')} />
        </p>
        <p className="mt-3 text-slate-600">{t('apiDocs.generated')}</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <a href={OPENAPI_URL} className={BUTTON_STYLES.primary} data-testid="openapi-link">
            {t('apiDocs.openApiLink')}
          </a>
          <span className="text-sm text-slate-600">
            {t('apiDocs.baseUrl')}{' '}
            <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">
              {origin}
            </code>
          </span>
        </div>
      </header>
      <div className="mt-10 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <DocsToc entries={toc} />
        <div className="min-w-0 space-y-12">
          <Section id="overview" title={t('apiDocs.overview.title')}>
            <Text text={t('apiDocs.overview.requests')} />
            <Text text={t('apiDocs.overview.responses', { minutes: model.jobRetentionMinutes })} />
            <Text text={t('apiDocs.overview.types')} />
            <Text text={t('apiDocs.overview.jobs')} />
          </Section>
          <Section id="authentication" title={t('apiDocs.auth.title')}>
            <Text text={t('apiDocs.auth.anonymous')} />
            <Text text={t('apiDocs.auth.keys')} />
            <CodeBlock code={withApiKey(model.endpoints[0]?.curl ?? '')} label={t('apiDocs.auth.title')} />
            <Text text={t('apiDocs.auth.invalid')} />
            <Text text={t('apiDocs.auth.noTiers')} />
          </Section>
          <Section id="rate-limits" title={t('apiDocs.rateLimit.title')}>
            <p data-testid="rate-limit">{t('apiDocs.rateLimit.body', { count: model.rateLimitPerMinute })}</p>
            <Text text={t('apiDocs.rateLimit.operator')} />
            <Text text={t('apiDocs.rateLimit.exceeded')} />
            <Text text={t('apiDocs.rateLimit.headers')} />
            <Text text={t('apiDocs.rateLimit.busy')} />
            <Text text={t('apiDocs.rateLimit.service')} />
          </Section>
          <Section id="errors" title={t('apiDocs.errors.title')}>
            <Text text={t('apiDocs.errors.body')} />
            <CodeBlock code={ERROR_BODY_EXAMPLE} label={t('apiDocs.errors.title')} />
            <ErrorCodeTable codes={model.errorCodes} />
          </Section>
          {model.tags.map((tag) => (
            <Section key={tag} id={`tag-${tag}`} title={docText(t, `tags.${tag}.title`)}>
              <p>{docText(t, `tags.${tag}.description`)}</p>
              {tag === JOBS_TAG && <JobsGuide model={model} />}
              <div className="space-y-8 pt-2">
                {model.endpoints
                  .filter((endpoint) => endpoint.tag === tag)
                  .map((endpoint) => (
                    <EndpointSection key={endpoint.id} endpoint={endpoint} />
                  ))}
              </div>
            </Section>
          ))}
        </div>
      </div>
    </div>
  );
}
