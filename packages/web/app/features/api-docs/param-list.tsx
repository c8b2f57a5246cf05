import { LOCALE_INFO, formatBytes, type OperationLimits } from '@quire/shared';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ParamDoc } from './describe-api.ts';
import { docText } from './doc-text.ts';
import { InlineCode } from './inline-code.tsx';

const Code = ({ children }: { children: string }) => (
  <code dir="ltr" className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">
    {children}
  </code>
);

/**
 * The description of a parameter in the page's language: a part of the path (a job's id), a file, a password or
 * one of the tool's options.
 */
function useParamDescription(operationId: string, limits: OperationLimits | null) {
  const t = useT();
  const locale = useLocale();
  const size = formatBytes(limits?.maxFileBytes ?? 0, LOCALE_INFO[locale].tag);
  return (param: ParamDoc) => {
    if (param.kind === 'path') return docText(t, `pathParams.${param.name}`);
    if (param.kind === 'file') {
      if (param.lastName) return t('apiDocs.params.fileMore', { last: param.lastName });
      return param.index === undefined
        ? t('apiDocs.params.file', { size })
        : t('apiDocs.params.fileNumbered', { number: param.index + 1, size });
    }
    if (param.kind === 'password')
      return t(param.lastName ? 'apiDocs.params.passwordMore' : 'apiDocs.params.password');
    return docText(t, `operations.${operationId}.params.${param.name}`);
  };
}

/** Every field of an endpoint: name, type, required or not, what it does, its values, default and limits. */
export function ParamList({
  operationId,
  params,
  limits,
}: {
  operationId: string;
  params: readonly ParamDoc[];
  limits: OperationLimits | null;
}) {
  const t = useT();
  const describe = useParamDescription(operationId, limits);
  if (params.length === 0) return <p className="text-slate-600">{t('apiDocs.endpoint.noParameters')}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {params.map((param) => (
        <li key={param.name} className="p-4" data-param={param.name} data-testid="api-param">
          <div className="flex flex-wrap items-center gap-2">
            <code dir="ltr" className="font-mono text-sm font-semibold text-slate-900">
              {param.lastName
                ? t('apiDocs.endpoint.numberedRange', { first: param.name, last: param.lastName })
                : param.name}
            </code>
            <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {param.kind === 'file' ? t('apiDocs.endpoint.typeFile') : t('apiDocs.endpoint.typeString')}
            </span>
            {param.kind === 'path' && (
              <span className="rounded-md bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800">
                {t('apiDocs.endpoint.inPath')}
              </span>
            )}
            <span
              className={`rounded-md px-2 py-0.5 text-xs font-semibold ${
                param.isRequired
                  ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-600/30 ring-inset'
                  : 'bg-slate-50 text-slate-600'
              }`}
            >
              {param.isRequired ? t('apiDocs.endpoint.required') : t('apiDocs.endpoint.optional')}
            </span>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            <InlineCode text={describe(param)} />
          </p>
          <ParamFacts param={param} />
        </li>
      ))}
    </ul>
  );
}

function ParamFacts({ param }: { param: ParamDoc }) {
  const t = useT();
  const facts: { label: string; values: readonly string[] }[] = [
    { label: t('apiDocs.endpoint.allowedValues'), values: param.values },
    { label: t('apiDocs.endpoint.defaultValue'), values: param.defaultValue ? [param.defaultValue] : [] },
    { label: t('apiDocs.endpoint.examples'), values: param.examples },
    { label: t('apiDocs.endpoint.accepts'), values: param.mediaTypes },
  ].filter((fact) => fact.values.length > 0);
  if (facts.length === 0 && param.maxLength === undefined) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-600">
      {facts.map((fact) => (
        <li key={fact.label} className="flex flex-wrap items-center gap-1.5">
          <span>{fact.label}</span>
          {fact.values.map((value) => (
            <Code key={value}>{value}</Code>
          ))}
        </li>
      ))}
      {param.maxLength !== undefined && (
        <li>{t('apiDocs.endpoint.maxLength', { count: param.maxLength })}</li>
      )}
    </ul>
  );
}
