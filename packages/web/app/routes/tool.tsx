import { homePath, splitLocale } from '@quire/shared';
import { useLocation, type MetaFunction } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { ToolPage } from '../features/tools/tool-page.tsx';
import { getTranslator } from '../i18n/create-translator.ts';
import { markAsPageText } from '../i18n/isolate-values.ts';
import { inKnownLanguage } from '../lib/language-param.ts';
import { noIndexMeta, pageMeta } from '../lib/seo.ts';
import { toolJsonLd } from '../lib/structured-data.ts';
import { toolFromPath } from '../lib/tool-from-path.ts';

export const meta: MetaFunction = inKnownLanguage(({ location }) => {
  const { locale } = splitLocale(location.pathname);
  const { t } = getTranslator(locale);
  const toolId = toolFromPath(location.pathname);
  if (!toolId) return noIndexMeta(t('seo.notFound.title'), t('seo.notFound.description'));
  const name = t(`tools.${toolId}.title`);
  const description = t(`tools.${toolId}.description`);
  return pageMeta({
    pathname: location.pathname,
    title: t('seo.tool.title', { tool: markAsPageText(name) }),
    description,
    headline: name,
    parents: [{ name: t('seo.breadcrumb.home'), path: homePath(locale) }],
    jsonLd: toolJsonLd(locale, toolId, name, description),
  });
});

export default function ToolRoute() {
  const toolId = toolFromPath(useLocation().pathname);
  return toolId ? <ToolPage toolId={toolId} /> : <NotFoundPage />;
}
