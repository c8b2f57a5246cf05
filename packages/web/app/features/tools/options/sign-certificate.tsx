import { TOOLS } from '@quire/shared';
import { useId } from 'react';
import { BUTTON_STYLES } from '../../../components/button-styles.ts';
import { useT } from '../../../i18n/use-t.ts';
import { OptionFields } from './generic-options.tsx';
import type { ToolOptionsProps } from './index.ts';

/** The certificate's field, as the server takes it. */
const CERTIFICATE_FIELD = TOOLS.sign.secretFile.field;
/** What the certificate's file input takes: PKCS#12 files, by extension and by type. */
const CERTIFICATE_ACCEPT = '.p12,.pfx,application/x-pkcs12';
/** The fields of a certificate signature, as the generic form shows them. */
const CERTIFICATE_OPTIONS = ['certificatePassword', 'reason', 'location'];

/**
 * Sign PDF's certificate signature, folded away until opened: a PKCS#12 file (sent as `certificate`, kept in the
 * job's memory only), its password, and the reason and place PDF readers show with it. Removing the file takes its
 * password out of what is sent.
 */
export function SignCertificate(props: ToolOptionsProps) {
  const { attachments, onAttachmentsChange, values, onChange, disabled } = props;
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const certificate = attachments[CERTIFICATE_FIELD];
  const choose = (file: File | null) => {
    const { [CERTIFICATE_FIELD]: _old, ...others } = attachments;
    onAttachmentsChange(file ? { ...others, [CERTIFICATE_FIELD]: file } : others);
    if (!file && values.certificatePassword !== undefined) {
      const { certificatePassword: _password, ...kept } = values;
      onChange(kept);
    }
  };
  return (
    <details
      className="rounded-2xl border border-slate-200 p-4"
      data-testid="sign-certificate"
      open={certificate !== undefined || undefined}
    >
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">
        {t('tools.sign.certificate.heading')}
      </summary>
      <p className="mt-2 text-xs text-slate-600">{t('tools.sign.certificate.description')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-xl border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 has-focus-visible:outline-3 has-focus-visible:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          {t('tools.sign.certificate.choose')}
          <input
            id={inputId}
            type="file"
            accept={CERTIFICATE_ACCEPT}
            disabled={disabled}
            aria-describedby={hintId}
            data-testid="sign-certificate-file"
            className="sr-only"
            onChange={(event) => {
              choose(event.currentTarget.files?.[0] ?? null);
              event.currentTarget.value = '';
            }}
          />
        </label>
        {certificate && (
          <>
            <span dir="auto" className="min-w-0 truncate text-sm text-slate-700">
              {certificate.name}
            </span>
            <button
              type="button"
              className={BUTTON_STYLES.secondary}
              disabled={disabled}
              onClick={() => choose(null)}
            >
              {t('tools.sign.certificate.remove')}
            </button>
          </>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('tools.sign.certificate.hint')}
      </p>
      <div className="mt-4 space-y-4">
        <OptionFields {...props} toolId="sign" only={CERTIFICATE_OPTIONS} />
      </div>
    </details>
  );
}
