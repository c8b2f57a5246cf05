import { useEffect, useRef } from 'react';
import { GenericOptions } from './generic-options.tsx';
import type { ToolOptionsProps } from './index.ts';

/**
 * PDF properties' form: the generic fields, filled with the chosen file's current title, author, subject and
 * keywords as soon as the browser has read them (`readPdfProperties`, pdf.js in the page: nothing is sent before the
 * visitor asks). A new file, or the password of a protected one, reads them again. A field the visitor typed in
 * before the reading ended keeps what they typed (on a slow phone the reading can end after the first keystrokes),
 * and a reading that ends after the visitor pressed Save changes nothing: the job sent is the visitor's, and a change
 * of options would stop it or drop its result.
 */
export function MetadataOptions(props: ToolOptionsProps) {
  const file = props.files[0];
  const password = props.passwords[0];
  // The form's latest state, so that values read later do not undo what the visitor changed meanwhile.
  const latest = useRef(props);
  latest.current = props;
  // How many jobs have started (the form is disabled while one runs), so that a reading knows one began meanwhile.
  const jobsStarted = useRef(0);
  useEffect(() => {
    if (props.disabled) jobsStarted.current += 1;
  }, [props.disabled]);

  useEffect(() => {
    if (!file) return;
    let isCurrent = true;
    // What each field held when the reading began: a field the visitor typed in meanwhile keeps what they typed.
    const before = latest.current.values;
    const jobsBefore = jobsStarted.current;
    void (async () => {
      const { readPdfProperties } = await import('../../../lib/pdf-properties.ts');
      const properties = await readPdfProperties(new Uint8Array(await file.arrayBuffer()), password);
      if (!isCurrent || properties === null || jobsStarted.current !== jobsBefore || latest.current.disabled)
        return;
      const { values, onChange } = latest.current;
      // Only what the reading changes: a change of options drops a result already made (or stops its job), and a
      // file with no properties of its own changes nothing.
      const fills = Object.entries(properties).filter(
        ([key, value]) => values[key] === before[key] && (values[key] ?? '') !== value,
      );
      if (fills.length > 0) onChange({ ...values, ...Object.fromEntries(fills) });
    })().catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [file, password]);

  return <GenericOptions {...props} toolId="metadata" />;
}
