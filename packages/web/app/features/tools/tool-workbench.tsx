import { formatBytes, isAppError, LOCALE_INFO, type ToolDefinition } from '@quire/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { translateError } from '../../i18n/translate-error.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { downloadBlob } from '../../lib/download-blob.ts';
import { useForgetOnLeave } from '../../lib/use-forget-on-leave.ts';
import { useToast } from '../toasts/toast-context.tsx';
import { usePendingFiles } from '../upload/pending-files.tsx';
import { UploadWidget } from '../upload/upload-widget.tsx';
import { applySelection } from '../upload/validate-files.ts';
import { defaultOptionsOf } from './default-options.ts';
import { useJobAnnouncement } from './job-announcement.ts';
import { JobProgress } from './job-progress.tsx';
import { optionsFormOf } from './options/index.ts';
import { prepareOptions, type OptionProblem } from './options/prepare-options.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { resultDetailsOf, successMessageKeyOf } from './results/index.ts';
import { ResultNotices } from './results/result-notices.tsx';
import { ToolResult } from './tool-result.tsx';
import { uploadRulesOf } from './upload-rules.ts';
import { useToolJob, type JobResult, type JobState } from './use-tool-job.ts';

/** The upload card of a tool page: files, options, the action, progress, result and the password prompt. */
export function ToolWorkbench({ tool }: { tool: ToolDefinition }) {
  const t = useT();
  const numberLocale = LOCALE_INFO[useLocale()].tag;
  const toast = useToast();
  const pending = usePendingFiles();
  const rules = useMemo(() => uploadRulesOf(tool), [tool]);
  const [files, setFiles] = useState<File[]>(() => applySelection([], [...pending.files], rules).files);
  const [options, setOptions] = useState(() => defaultOptionsOf(tool));
  const [problem, setProblem] = useState<OptionProblem | null>(null);
  // A new key gives a fresh upload widget: no leftover inline error after Start over.
  const [uploadKey, setUploadKey] = useState(0);
  const fileNames = useRef<string[]>([]);
  fileNames.current = files.map((file) => file.name);
  const selectButton = useRef<HTMLButtonElement>(null);
  const actionButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const downloadLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (pending.files.length > 0) pending.set([]);
  }, [pending]);

  const callbacks = useMemo(
    () => ({
      onSuccess: (result: JobResult) =>
        toast.show({
          variant: 'default',
          title: t('common.toast.success'),
          description: t(successMessageKeyOf(tool.id, result.headers)),
          action: {
            label: t('common.toast.download'),
            onClick: () => downloadBlob(result.url, result.fileName),
          },
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
    [t, tool, toast],
  );
  const job = useToolJob(tool, callbacks);
  const { state } = job;
  const isBusy = state.status === 'uploading' || state.status === 'processing';
  const announcement = useJobAnnouncement(state, {
    uploading: (progress) => t('common.tool.uploading', { progress }),
    processing: t('common.tool.processing'),
    ready: (result) =>
      t('common.tool.readyAnnouncement', {
        fileName: result.fileName,
        size: formatBytes(result.blob.size, numberLocale),
      }),
  });
  useFocusAfterPhase(state.status, {
    uploading: cancelButton,
    processing: cancelButton,
    done: downloadLink,
    idle: actionButton,
    error: actionButton,
    fallback: selectButton,
  });
  const selectPrompt = t(`tools.${tool.id}.selectPrompt`, { minFiles: tool.minFiles });
  const OptionsForm = optionsFormOf(tool.id);
  const ResultDetails = resultDetailsOf(tool.id);

  /** Forgets the result (its download link is revoked, so the toast offering it goes too). */
  const forgetResult = () => {
    if (state.status === 'done') toast.dismiss();
    job.reset();
  };
  const onFilesChange = (next: File[]) => {
    forgetResult();
    setFiles(next);
  };
  const onOptionsChange = (next: Record<string, string>) => {
    setProblem(null);
    setOptions(next);
  };
  /** Clears files, result and messages, as if the page were new; the options stay as chosen. */
  const clearAll = () => {
    toast.dismiss();
    job.reset();
    setFiles([]);
    setProblem(null);
    setUploadKey((key) => key + 1);
  };
  useForgetOnLeave(() => {
    clearAll();
    announcement.announce('');
  });

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
  const cancel = () => {
    job.cancel();
    announcement.announce(t('common.tool.cancelled'));
  };
  const startOver = () => {
    flushSync(clearAll);
    selectButton.current?.focus();
  };

  const canRun = files.length >= tool.minFiles && !isBusy && state.status !== 'done';
  const passwordFile = state.status === 'needs-password' ? files[state.request.fileIndex] : undefined;

  return (
    <div
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      data-testid="tool-workbench"
    >
      <UploadWidget
        key={uploadKey}
        rules={rules}
        files={files}
        disabled={isBusy}
        selectButtonRef={selectButton}
        onChange={onFilesChange}
      />
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
          ref={actionButton}
          type="button"
          onClick={run}
          data-testid="action-button"
          className={`${BUTTON_STYLES.primary} mt-6 w-full text-base`}
        >
          {t(`tools.${tool.id}.action`)}
        </button>
      )}
      {isBusy && (
        <JobProgress
          phase={state.status}
          percent={state.status === 'uploading' ? state.percent : null}
          text={
            state.status === 'uploading'
              ? t('common.tool.uploading', { progress: (state.percent ?? 0) / 100 })
              : t('common.tool.processing')
          }
          cancelLabel={t('common.tool.cancel')}
          cancelRef={cancelButton}
          onCancel={cancel}
        />
      )}
      <p role="status" className="sr-only" data-testid="job-status">
        {announcement.text}
      </p>
      {state.status === 'done' && (
        <ToolResult
          heading={t('common.tool.ready')}
          fileName={state.result.fileName}
          sizeLabel={formatBytes(state.result.blob.size, numberLocale)}
          url={state.result.url}
          downloadLabel={t('common.tool.download', { fileName: state.result.fileName })}
          startOverLabel={t('common.tool.startOver')}
          downloadRef={downloadLink}
          onStartOver={startOver}
        >
          {ResultDetails && <ResultDetails headers={state.result.headers} />}
          <ResultNotices
            toolId={tool.id}
            headers={state.result.headers}
            fileNames={files.map((file) => file.name)}
          />
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

type FocusTargets = { readonly [S in JobState['status']]?: { readonly current: HTMLElement | null } } & {
  readonly fallback: { readonly current: HTMLElement | null };
};

/**
 * Keeps the keyboard on the card as the job moves on: the control that had focus (the action button, Cancel)
 * goes away with its phase, so focus moves to the next one (Cancel, the download link, the action button again).
 * Focus that is elsewhere on the page is left alone, and the password dialog takes focus itself.
 */
function useFocusAfterPhase(status: JobState['status'], targets: FocusTargets): void {
  const previous = useRef(status);
  const latest = useRef(targets);
  useEffect(() => {
    latest.current = targets;
  });
  useEffect(() => {
    if (previous.current === status) return;
    previous.current = status;
    if (status === 'needs-password') return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    (latest.current[status]?.current ?? latest.current.fallback.current)?.focus();
  }, [status]);
}
