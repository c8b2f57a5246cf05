import { isAppError, type ToolDefinition } from '@quire/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { SpinnerIcon } from '../../components/icons.tsx';
import { translateError } from '../../i18n/translate-error.ts';
import { useT } from '../../i18n/use-t.ts';
import { downloadBlob } from '../../lib/download-blob.ts';
import { useToast } from '../toasts/toast-context.tsx';
import { usePendingFiles } from '../upload/pending-files.tsx';
import { UploadWidget } from '../upload/upload-widget.tsx';
import { applySelection } from '../upload/validate-files.ts';
import { defaultOptionsOf } from './default-options.ts';
import { optionsFormOf } from './options/index.ts';
import { prepareOptions, type OptionProblem } from './options/prepare-options.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { resultDetailsOf, successMessageKeyOf } from './results/index.ts';
import { ToolResult } from './tool-result.tsx';
import { uploadRulesOf } from './upload-rules.ts';
import { useToolJob, type JobResult } from './use-tool-job.ts';

/** The upload card of a tool page: files, options, the action, progress, result and the password prompt. */
export function ToolWorkbench({ tool }: { tool: ToolDefinition }) {
  const t = useT();
  const toast = useToast();
  const pending = usePendingFiles();
  const rules = useMemo(() => uploadRulesOf(tool), [tool]);
  const [files, setFiles] = useState<File[]>(() => applySelection([], [...pending.files], rules).files);
  const [options, setOptions] = useState(() => defaultOptionsOf(tool));
  const [problem, setProblem] = useState<OptionProblem | null>(null);
  const fileNames = useRef<string[]>([]);
  fileNames.current = files.map((file) => file.name);

  useEffect(() => {
    if (pending.files.length > 0) pending.set([]);
  }, [pending]);

  const download = useCallback((result: JobResult) => downloadBlob(result.blob, result.fileName), []);
  const callbacks = useMemo(
    () => ({
      onSuccess: (result: JobResult) =>
        toast.show({
          variant: 'default',
          title: t('common.toast.success'),
          description: t(successMessageKeyOf(tool.id, result.headers)),
          action: { label: t('common.toast.download'), onClick: () => download(result) },
        }),
      onError: (error: unknown) =>
        toast.show({
          variant: 'destructive',
          title: t('common.toast.error'),
          description: isAppError(error)
            ? translateError(t, error, tool, fileNames.current)
            : t(`tools.${tool.id}.failure`),
        }),
    }),
    [t, tool, toast, download],
  );
  const job = useToolJob(tool, callbacks);
  const { state } = job;
  const isBusy = state.status === 'processing';
  const selectPrompt = t(`tools.${tool.id}.selectPrompt`, { minFiles: tool.minFiles });
  const OptionsForm = optionsFormOf(tool.id);
  const ResultDetails = resultDetailsOf(tool.id);

  const onFilesChange = (next: File[]) => {
    job.reset();
    setFiles(next);
  };
  const onOptionsChange = (next: Record<string, string>) => {
    setProblem(null);
    setOptions(next);
  };
  /** Checks the files and the options, then sends the job; a wrong option is shown beside its field. */
  const run = () => {
    if (files.length < tool.minFiles) {
      toast.show({ variant: 'destructive', title: t('common.toast.error'), description: selectPrompt });
      return;
    }
    const prepared = prepareOptions(tool, options);
    setProblem(prepared.ok ? null : prepared.problem);
    if (prepared.ok) void job.start(files, prepared.fields);
  };

  const canRun = files.length >= tool.minFiles && !isBusy && state.status !== 'done';
  const passwordFile = state.status === 'needs-password' ? files[state.request.fileIndex] : undefined;

  return (
    <div
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      data-testid="tool-workbench"
    >
      <UploadWidget rules={rules} files={files} disabled={isBusy} onChange={onFilesChange} />
      {OptionsForm && (
        <OptionsForm
          values={options}
          files={files}
          disabled={isBusy}
          problem={
            problem && { option: problem.option, message: t(problem.message.key, problem.message.values) }
          }
          onChange={onOptionsChange}
        />
      )}
      {files.length > 0 && files.length < tool.minFiles && (
        <p className="mt-4 text-sm text-slate-600" data-testid="select-prompt">
          {selectPrompt}
        </p>
      )}
      {canRun && (
        <button
          type="button"
          onClick={run}
          data-testid="action-button"
          className={`${BUTTON_STYLES.primary} mt-6 w-full text-base`}
        >
          {t(`tools.${tool.id}.action`)}
        </button>
      )}
      {isBusy && (
        <p
          role="status"
          data-testid="progress"
          className="mt-6 flex items-center justify-center gap-3 rounded-xl bg-indigo-50 px-4 py-4 text-sm font-medium text-indigo-900"
        >
          <SpinnerIcon className="size-5" />
          {t('common.tool.processing')}
        </p>
      )}
      {state.status === 'done' && (
        <ToolResult
          heading={t('common.tool.ready')}
          downloadLabel={t('common.tool.download', { fileName: state.result.fileName })}
          startOverLabel={t('common.tool.startOver')}
          onDownload={() => download(state.result)}
          onStartOver={() => onFilesChange([])}
        >
          {ResultDetails && <ResultDetails headers={state.result.headers} />}
        </ToolResult>
      )}
      {state.status === 'needs-password' && passwordFile && (
        <PasswordDialog
          key={`${state.request.fileIndex}-${String(state.request.isRetry)}`}
          title={t('common.password.title')}
          description={t(
            state.request.isRetry ? 'common.password.incorrect' : 'common.password.description',
            {
              fileName: passwordFile.name,
            },
          )}
          label={t('common.password.label')}
          submitLabel={t('common.password.submit')}
          cancelLabel={t('common.password.cancel')}
          onCancel={job.cancelPassword}
          onSubmit={(password) => {
            job.setPassword(state.request.fileIndex, password);
            run();
          }}
        />
      )}
    </div>
  );
}
