import { TOOLS } from '@quire/shared';
import { lazy, Suspense, useState } from 'react';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { PageListField } from '../../../components/page-list-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';

const { angle: ANGLE } = TOOLS.rotate.options;

/**
 * The page view is loaded once a file is chosen: the tool pages share this form's chunk, and the others (Merge,
 * Compress…) need none of it.
 */
const RotatePreview = lazy(() =>
  import('./rotate-preview.tsx').then((module) => ({ default: module.RotatePreview })),
);

/** Whether the form sends a page list; "all" leaves the optional `pages` field out of the request. */
const SCOPES = ['all', 'list'] as const;
type Scope = (typeof SCOPES)[number];

/**
 * Rotate: the angle, all pages or a page list, and every page turning as the visitor chooses; clicking a page turns
 * it or leaves it, and the page list follows.
 */
export function RotateOptions(props: ToolOptionsProps) {
  const { values, files, passwords, disabled, problem, onChange, onAskPassword } = props;
  const t = useT();
  const angle = choiceOf(ANGLE, values.angle);
  const scope: Scope = values.pages === undefined ? 'all' : 'list';
  const [draft, setDraft] = useState(values.pages ?? '');

  const onScope = (next: Scope) => {
    const { pages: _dropped, ...rest } = values;
    onChange(next === 'list' ? { ...rest, pages: draft } : rest);
  };

  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
      <ChoiceGroup
        name="rotate-angle"
        legend={t('tools.rotate.options.angleLabel')}
        value={angle}
        disabled={disabled}
        testId="rotate-angle"
        choices={ANGLE.values.map((value) => ({
          value,
          label: t(`tools.rotate.options.angle.${value}`),
          hint: t(`tools.rotate.options.angleHint.${value}`),
        }))}
        onChange={(next) => onChange({ ...values, angle: next })}
      />
      <ChoiceGroup
        name="rotate-scope"
        legend={t('tools.rotate.options.scopeLabel')}
        value={scope}
        disabled={disabled}
        testId="rotate-scope"
        choices={SCOPES.map((value) => ({ value, label: t(`tools.rotate.options.scope.${value}`) }))}
        onChange={onScope}
      />
      {scope === 'list' && (
        <PageListField
          label={t('tools.rotate.options.pagesLabel')}
          hint={t('tools.rotate.options.pagesHint')}
          placeholder={t('tools.rotate.options.pagesPlaceholder')}
          value={values.pages ?? ''}
          error={problem?.option === 'pages' ? problem.message : null}
          disabled={disabled}
          testId="rotate-pages"
          onChange={(pages) => {
            setDraft(pages);
            onChange({ ...values, pages });
          }}
        />
      )}
      {files[0] && (
        <Suspense fallback={null}>
          <RotatePreview
            file={files[0]}
            password={passwords[0]}
            angle={Number(angle)}
            pages={values.pages}
            disabled={disabled}
            onPagesChange={(pages) => {
              setDraft(pages);
              onChange({ ...values, pages });
            }}
            onAskPassword={(isRetry) => onAskPassword(0, isRetry)}
          />
        </Suspense>
      )}
    </div>
  );
}
