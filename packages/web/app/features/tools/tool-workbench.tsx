import { formatBytes, kindOfFileName, LOCALE_INFO, type ToolDefinition } from '@quire/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { downloadBlob } from '../../lib/download-blob.ts';
import { useForgetOnLeave } from '../../lib/use-forget-on-leave.ts';
import { useToast } from '../toasts/toast-context.tsx';
import { useCarrySelection, useTakeSelection } from '../upload/pending-files.tsx';
import { UploadWidget } from '../upload/upload-widget.tsx';
import { applySelection } from '../upload/validate-files.ts';
import { useJobAnnouncement } from './job-announcement.ts';
import { FILE_SLOTS } from './file-slots.ts';
import { jobErrorView } from './job-error.ts';
import { JobProgress, progressViewOf } from './job-progress.tsx';
import { formStartValues } from './options/generic-options.tsx';
import { optionsFormOf } from './options/index.ts';
import { prepareOptions, type OptionProblem } from './options/prepare-options.ts';
import { processingTextOf } from './processing-step.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { resultDetailsOf, successToastOf } from './results/index.ts';
import { ResultNotices } from './results/result-notices.tsx';
import { ToolResult } from './tool-result.tsx';
import { uploadRulesOf } from './upload-rules.ts';
import { countPdfPages, usePdfPageCount } from './use-pdf-page-count.ts';
import { revealAndHold, useRevealOnAdd } from './use-reveal-on-add.ts';
import { useToolJob, type JobResult, type JobState } from './use-tool-job.ts';

/**
 * A chosen PDF's first page and page count, on tools that join several PDFs (Merge): fetched, with its renderer,
 * once a file is chosen there, never on other tools.
 */
const FirstPage = lazy(() =>
  import('../../components/page-view/first-page.tsx').then((module) => ({ default: module.FirstPage })),
);

/**
 * A result's pages or pictures and the tools it can go on to: fetched, with the renderer, once a result is there.
 */
const ResultExtras = lazy(() =>
  import('./results/result-extras.tsx').then((module) => ({ default: module.ResultExtras })),
);

/** The upload card of a tool page: files, options, the action, progress, result and the password prompt. */
export function ToolWorkbench({ tool }: { tool: ToolDefinition }) {
  const t = useT();
  const locale = useLocale();
  const numberLocale = LOCALE_INFO[locale].tag;
  const toast = useToast();
  const handedOver = useTakeSelection();
  const rules = useMemo(() => uploadRulesOf(tool), [tool]);
  const [files, setFiles] = useState<File[]>(() => applySelection([], [...handedOver.files], rules).files);
  const [options, setOptions] = useState<Record<string, string>>(() => ({
    ...formStartValues(tool, locale),
    ...(handedOver.toolId === tool.id ? handedOver.options : {}),
  }));
  const [problem, setProblem] = useState<OptionProblem | null>(null);
  /** The tool's extra file (Watermark's picture), chosen in its options form; kept like the options. */
  const [extraFile, setExtraFile] = useState<File | null>(null);
  /** Files of the tool's own fields (Sign PDF's signature pictures, its certificate), chosen in its form. */
  const [attachments, setAttachments] = useState<Readonly<Record<string, File>>>({});
  // Passwords of protected files, by file index: asked once, by the page view or by the server, and used for both.
  const [filePasswords, setFilePasswords] = useState<Readonly<Record<number, string>>>({});
  const [passwordAsk, setPasswordAsk] = useState<{ fileIndex: number; isRetry: boolean } | null>(null);
  const askPassword = useCallback(
    (fileIndex: number, isRetry: boolean) => setPasswordAsk({ fileIndex, isRetry }),
    [],
  );
  // A new key gives a fresh upload widget: no leftover inline error after Start over.
  const [uploadKey, setUploadKey] = useState(0);
  const fileNames = useRef<string[]>([]);
  fileNames.current = files.map((file) => file.name);
  const selectButton = useRef<HTMLInputElement>(null);
  const actionButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const downloadLink = useRef<HTMLAnchorElement>(null);
  const revealEnd = useRef<HTMLDivElement>(null);

  useCarrySelection({ files, toolId: tool.id, options });
  useRevealOnAdd(files.length, revealEnd);
  // Page numbers are checked against the file before anything is uploaded (split's ranges, rotate's pages).
  const readsPageList = Object.values(tool.options).some((spec) => spec.kind === 'page-list');
  const pageCount = usePdfPageCount(readsPageList ? files[0] : undefined);
  // Organize PDF shows every page of every file on its board: its file list needs no first pages besides.
  const showsFirstPages = tool.maxFiles > 1 && tool.accepts.includes('pdf') && tool.id !== 'organize';
  const firstPageOf = (file: File, index: number, icon: ReactNode) =>
    kindOfFileName(file.name) === 'pdf' ? (
      <Suspense fallback={icon}>
        <FirstPage
          file={file}
          password={filePasswords[index]}
          pageCountLabel={(count) => t('common.pageView.pageCount', { count })}
          fallback={icon}
        />
      </Suspense>
    ) : (
      icon
    );

  const callbacks = useMemo(
    () => ({
      onSuccess: (result: JobResult) => {
        const texts = successToastOf(result.job);
        toast.show({
          variant: 'default',
          title: t(texts.title),
          description: t(texts.description),
          action: {
            label: t('common.toast.download'),
            onClick: () => downloadBlob(result.url, result.fileName),
          },
        });
      },
      onError: (error: unknown) =>
        toast.show({
          variant: 'destructive',
          title: t('common.toast.error'),
          description: jobErrorView(t, error, tool, fileNames.current).message,
        }),
    }),
    [t, tool, toast],
  );
  const job = useToolJob(tool, callbacks);
  const { state } = job;
  const isBusy = state.status === 'uploading' || state.status === 'processing';
  const announcement = useJobAnnouncement(state, {
    uploading: (progress) => t('common.tool.uploading', { progress }),
    processing: (step) => processingTextOf(t, step),
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
  // The result in the middle of the screen, and kept there while the pages above it finish drawing: on a phone the
  // toast then covers none of its buttons.
  useEffect(() => {
    return state.status === 'done' ? revealAndHold(downloadLink.current, 'center') : undefined;
  }, [state.status]);
  const selectPrompt = t(`tools.${tool.id}.selectPrompt`, { minFiles: tool.minFiles });
  const slots = FILE_SLOTS[tool.id];
  const slotOf = slots
    ? (index: number) => {
        const slot = slots[index];
        return slot ? t(slot) : undefined;
      }
    : undefined;
  const OptionsForm = optionsFormOf(tool.id);
  const ResultDetails = resultDetailsOf(tool.id);

  /**
   * Forgets the result or the failure: the download link is revoked, so the toast offering it goes too, and a
   * toast about a file that may be gone goes with the inline message. The status line is emptied.
   */
  const forgetResult = () => {
    if (state.status === 'done' || state.status === 'error') {
      toast.dismiss();
      announcement.announce('');
    }
    job.reset();
  };
  const onFilesChange = (next: File[]) => {
    forgetResult();
    setFilePasswords({});
    setPasswordAsk(null);
    setFiles(next);
  };
  /** A result made with other options is not this result: it goes, and the action is offered again. */
  const onOptionsChange = (next: Record<string, string>) => {
    forgetResult();
    setProblem(null);
    setOptions(next);
  };
  const onExtraFileChange = (next: File | null) => {
    forgetResult();
    setProblem(null);
    setExtraFile(next);
  };
  const onAttachmentsChange = (next: Readonly<Record<string, File>>) => {
    forgetResult();
    setProblem(null);
    setAttachments(next);
  };
  /** Clears files, result and messages, as if the page were new; the options stay as chosen. */
  const clearAll = () => {
    toast.dismiss();
    job.reset();
    setFiles([]);
    setFilePasswords({});
    setPasswordAsk(null);
    setProblem(null);
    setUploadKey((key) => key + 1);
  };
  useForgetOnLeave(() => {
    clearAll();
    announcement.announce('');
  });

  /**
   * Checks the files and the options, then sends the job; a wrong option is shown beside its field. Page numbers
   * are checked against the file's page count first, waiting for pdf.js to count if it has not yet.
   */
  const run = async (newPasswords: Readonly<Record<number, string>> = {}) => {
    if (files.length < tool.minFiles) {
      toast.show({ variant: 'destructive', title: t('common.toast.error'), description: selectPrompt });
      return;
    }
    const first = files[0];
    const pages = readsPageList && first ? (pageCount ?? (await countPdfPages(first))) : null;
    const prepared = prepareOptions(tool, options, pages);
    setProblem(prepared.ok ? null : prepared.problem);
    if (!prepared.ok) return;
    for (const [index, password] of Object.entries({ ...filePasswords, ...newPasswords })) {
      job.setPassword(Number(index), password);
    }
    void job.start(files, prepared.fields, extraFile, attachments);
  };
  const cancel = () => {
    job.cancel();
    announcement.announce(t('common.tool.cancelled'));
  };
  const cancelPassword = () => {
    // The page view was given the password the server found wrong: it drops it and waits for its own button,
    // rather than ask again once the visitor has said no.
    if (state.status === 'needs-password') {
      const { fileIndex } = state.request;
      setFilePasswords(({ [fileIndex]: _refused, ...others }) => others);
    }
    setPasswordAsk(null);
    job.cancelPassword();
    announcement.announce(t('common.tool.cancelled'));
  };
  const startOver = () => {
    flushSync(clearAll);
    selectButton.current?.focus();
  };

  const canRun = files.length >= tool.minFiles && !isBusy && state.status !== 'done';
  const passwordFile = state.status === 'needs-password' ? files[state.request.fileIndex] : undefined;
  const fileError =
    state.status === 'error'
      ? jobErrorView(
          t,
          state.error,
          tool,
          files.map((file) => file.name),
        )
      : null;

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
        fileError={fileError}
        pictureOf={showsFirstPages ? firstPageOf : undefined}
        slotOf={slotOf}
        onChange={onFilesChange}
      />
      {OptionsForm && (
        <OptionsForm
          values={options}
          files={files}
          pageCount={pageCount}
          passwords={filePasswords}
          onAskPassword={askPassword}
          disabled={isBusy}
          problem={
            problem && { option: problem.option, message: t(problem.message.key, problem.message.values) }
          }
          onChange={onOptionsChange}
          extraFile={extraFile}
          onExtraFileChange={onExtraFileChange}
          attachments={attachments}
          onAttachmentsChange={onAttachmentsChange}
        />
      )}
      {files.length > 0 && files.length < tool.minFiles && (
        <p className="mt-4 text-sm text-slate-600" data-testid="select-prompt">
          {selectPrompt}
        </p>
      )}
      {canRun && (
        // Options and a preview can be taller than the screen: the action then waits at the foot of the screen
        // for as long as the workbench is in view, and settles in its place at the end of it.
        <div
          className="sticky bottom-0 z-10 -mx-5 mt-3 bg-white/95 px-5 pt-3 pb-3 sm:-mx-8 sm:px-8"
          data-testid="action-bar"
        >
          <button
            ref={actionButton}
            type="button"
            onClick={() => void run()}
            data-testid="action-button"
            className={`${BUTTON_STYLES.primary} w-full text-base`}
          >
            {t(`tools.${tool.id}.action`)}
          </button>
        </div>
      )}
      {isBusy && (
        <JobProgress
          {...progressViewOf(t, state)}
          cancelLabel={t('common.tool.cancel')}
          cancelRef={cancelButton}
          onCancel={cancel}
        />
      )}
      <div ref={revealEnd} aria-hidden="true" />
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
          imageAlt={
            state.result.mimeType.startsWith('image/')
              ? t('common.tool.resultPreview', { fileName: state.result.fileName })
              : undefined
          }
          onStartOver={startOver}
          after={
            <Suspense fallback={null}>
              <ResultExtras
                toolId={tool.id}
                result={state.result}
                source={files[0]}
                sourcePassword={filePasswords[0]}
                options={options}
              />
            </Suspense>
          }
        >
          {ResultDetails && <ResultDetails job={state.result.job} />}
          <ResultNotices
            toolId={tool.id}
            notices={state.result.job.notices}
            fileNames={files.map((file) => file.name)}
          />
        </ToolResult>
      )}
      {state.status === 'needs-password' && passwordFile && (
        <PasswordDialog
          key={`${state.request.fileIndex}-${String(state.request.isRetry)}`}
          title={t('common.password.title')}
          isRetry={state.request.isRetry}
          description={t(
            state.request.isRetry ? 'common.password.incorrect' : 'common.password.description',
            {
              fileName: passwordFile.name,
            },
          )}
          label={t('common.password.label')}
          submitLabel={t('common.password.submit')}
          cancelLabel={t('common.password.cancel')}
          onCancel={cancelPassword}
          onSubmit={(password) => {
            const { fileIndex } = state.request;
            setFilePasswords((known) => ({ ...known, [fileIndex]: password }));
            void run({ [fileIndex]: password });
          }}
        />
      )}
      {passwordAsk && state.status !== 'needs-password' && files[passwordAsk.fileIndex] && (
        <PasswordDialog
          key={`page-view-${passwordAsk.fileIndex}-${String(passwordAsk.isRetry)}`}
          title={t('common.password.title')}
          isRetry={passwordAsk.isRetry}
          description={t(passwordAsk.isRetry ? 'common.password.incorrect' : 'common.password.description', {
            fileName: files[passwordAsk.fileIndex]?.name ?? '',
          })}
          label={t('common.password.label')}
          submitLabel={t('common.password.submit')}
          cancelLabel={t('common.password.cancel')}
          onCancel={() => setPasswordAsk(null)}
          onSubmit={(password) => {
            const { fileIndex } = passwordAsk;
            setFilePasswords((known) => ({ ...known, [fileIndex]: password }));
            setPasswordAsk(null);
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
