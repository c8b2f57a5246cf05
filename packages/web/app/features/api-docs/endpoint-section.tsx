import { LOCALE_INFO, formatBytes } from '@quire/shared';
import type { ReactNode } from 'react';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { CodeBlock } from './code-block.tsx';
import type { EndpointDoc } from './describe-api.ts';
import { docText } from './doc-text.ts';
import { FactList } from './fact-list.tsx';
import { InlineCode } from './inline-code.tsx';
import { ParamList } from './param-list.tsx';

const METHOD_STYLES = {
  GET: 'bg-sky-50 text-sky-800 ring-sky-600/25',
  POST: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  DELETE: 'bg-rose-50 text-rose-800 ring-rose-600/25',
} as const;

const LINK =
  'text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-3 focus-visible:outline-indigo-600';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-6">
      <h4 className="mb-2 text-base font-semibold text-slate-900">{title}</h4>
      {children}
    </div>
  );
}

/** One endpoint: method and path, what it does, its fields, a curl example, its answer and its error codes. */
export function EndpointSection({ endpoint }: { endpoint: EndpointDoc }) {
  const t = useT();
  const locale = useLocale();
  const size = (bytes: number) => formatBytes(bytes, LOCALE_INFO[locale].tag);
  const { limits, response } = endpoint;
  const op = `operations.${endpoint.operationId}`;
  return (
    <section
      id={endpoint.id}
      aria-labelledby={`${endpoint.id}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6"
      data-endpoint={`${endpoint.method} ${endpoint.path}`}
      data-testid="api-endpoint"
    >
      <h3 id={`${endpoint.id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
        {docText(t, `${op}.summary`)}
      </h3>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span
          className={`rounded-md px-2 py-0.5 font-mono text-xs font-bold ring-1 ring-inset ${METHOD_STYLES[endpoint.method]}`}
        >
          {endpoint.method}
        </span>
        <code dir="ltr" className="font-mono text-sm font-semibold break-all text-slate-800">
          {endpoint.path}
        </code>
      </p>
      <p className="mt-3 text-slate-700">
        <InlineCode text={docText(t, `${op}.description`)} />
      </p>
      {limits && (
        <p className="mt-2 text-sm text-slate-600">
          {limits.maxFiles === 1
            ? t('apiDocs.endpoint.oneFile', { size: size(limits.maxFileBytes) })
            : limits.minFiles === limits.maxFiles
              ? t('apiDocs.endpoint.exactFiles', {
                  count: limits.maxFiles,
                  size: size(limits.maxFileBytes),
                  total: size(limits.maxRequestBytes),
                })
              : t('apiDocs.endpoint.manyFiles', {
                  min: limits.minFiles,
                  max: limits.maxFiles,
                  size: size(limits.maxFileBytes),
                  total: size(limits.maxRequestBytes),
                })}{' '}
          {t('apiDocs.overview.types')}
        </p>
      )}
      {endpoint.acceptsApiKey && (
        <p className="mt-2 text-sm text-slate-600">{t('apiDocs.endpoint.apiKey')}</p>
      )}
      {(endpoint.bodyType !== null || endpoint.params.length > 0) && (
        <Part title={t('apiDocs.endpoint.parameters')}>
          {endpoint.bodyType !== null && (
            <p className="mb-2 text-sm text-slate-600">
              <InlineCode text={t('apiDocs.endpoint.bodyType')} />
            </p>
          )}
          <ParamList operationId={endpoint.operationId} params={endpoint.params} limits={limits} />
          {endpoint.variants.length > 0 && <VariantLinks endpoint={endpoint} />}
        </Part>
      )}
      <Part title={t('apiDocs.endpoint.example')}>
        <CodeBlock code={endpoint.curl} label={t('apiDocs.endpoint.example')} />
      </Part>
      <Part title={t('apiDocs.endpoint.response')}>
        <p className="text-sm text-slate-700">
          <span className="font-semibold">{response.status}</span> ·{' '}
          {response.contentTypes.length === 0 ? (
            t('apiDocs.endpoint.noContent')
          ) : (
            <>
              {t('apiDocs.endpoint.contentType')}{' '}
              <code dir="ltr" className="font-mono text-[0.9em] break-all">
                {response.contentTypes.join(', ')}
              </code>
            </>
          )}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          <InlineCode
            text={
              response.fileNames.length === 1
                ? t('apiDocs.responses.file', { fileName: response.fileNames[0] ?? '' })
                : docText(t, `responses.${endpoint.operationId}`)
            }
          />
        </p>
        {response.headers.length > 0 && (
          <FactList
            title={t('apiDocs.endpoint.headers')}
            items={response.headers.map((header) => ({
              name: header.name,
              text: docText(t, `headers.${header.name}`, { fileName: response.fileNames.join(', ') }),
            }))}
          />
        )}
        {response.fields.length > 0 && (
          <FactList
            title={t('apiDocs.endpoint.fields')}
            items={response.fields.map((field) => ({
              name: field.name,
              text: docText(t, `statusFields.${field.name}`),
            }))}
          />
        )}
        {response.example !== undefined && (
          <div className="mt-3">
            <h5 className="mb-1 text-sm font-semibold text-slate-800">
              {t('apiDocs.endpoint.exampleResponse')}
            </h5>
            <CodeBlock code={response.example} label={t('apiDocs.endpoint.exampleResponse')} />
          </div>
        )}
      </Part>
      {endpoint.errors.length > 0 && (
        <Part title={t('apiDocs.endpoint.errors')}>
          <ul className="space-y-2 text-sm" data-testid="api-errors">
            {endpoint.errors.map(({ status, codes }) => (
              <li key={status} className="flex flex-wrap items-baseline gap-1.5">
                <span className="font-semibold text-slate-900">
                  {status} {docText(t, `statuses.${status}`)}:
                </span>
                {codes.map((code) => (
                  <a
                    key={code}
                    href={`#error-${code}`}
                    dir="ltr"
                    className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-indigo-600"
                  >
                    {code}
                  </a>
                ))}
              </li>
            ))}
          </ul>
        </Part>
      )}
    </section>
  );
}

/** For a job's upload: each tool whose fields may follow `tool`, linked to its own endpoint. */
function VariantLinks({ endpoint }: { endpoint: EndpointDoc }) {
  const t = useT();
  return (
    <div className="mt-3 text-sm text-slate-700">
      <p>
        <InlineCode text={t('apiDocs.endpoint.toolFields')} />
      </p>
      <ul className="mt-1 grid gap-1 sm:grid-cols-2">
        {endpoint.variants.map((variant) => (
          <li key={variant.value}>
            <a href={`#${variant.operationId}`} className={LINK}>
              {docText(t, `operations.${variant.operationId}.summary`)}
            </a>{' '}
            <code
              dir="ltr"
              className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800"
            >
              {variant.value}
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}
