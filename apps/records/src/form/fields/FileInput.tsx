/**
 * A labelled file picker in the user's language (§9, issue 21 item 7): the browser's own file input writes its
 * button and "no file chosen" in the browser's language, not the user's. It stays in the page, hidden, named by
 * the label (tests and the upload use it); a button of ours opens it, and the chosen file's name (or "No file
 * chosen") is written beside it.
 *
 *   <FileInput id={id} label="Upload a file" accept=".png" onFile={(file) => upload(file)} />      picked, then cleared
 *   <FileInput id={id} label="Workbook" accept=".xlsx" file={file} onFile={setFile} />           kept until sent
 *
 * Without `file` a pick is handed on and the input cleared at once (the same file can be picked again); with it,
 * the caller holds the file and the name shown is its name.
 * The button is the one tab stop; the label (and a held file's name) describe it.
 */
import { useEffect, useRef } from 'react';
import { useText } from '../text.ts';

export interface FileInputProps {
  id: string;
  label: string;
  accept: string;
  disabled?: boolean;
  /** The file the caller holds (kept until sent); leave out to hand each pick on and clear the input. */
  file?: File | null;
  onFile(file: File | null): void;
}

export function FileInput(props: FileInputProps) {
  const { tr } = useText();
  const input = useRef<HTMLInputElement>(null);
  const held = props.file !== undefined;
  // The caller dropped its file (sent, or refused): the same file can be picked again.
  useEffect(() => {
    if (held && !props.file && input.current) input.current.value = '';
  }, [held, props.file]);
  return (
    <>
      <label id={`${props.id}-label`} htmlFor={props.id}>
        {props.label}
      </label>
      <span className="erp-file">
        <input
          id={props.id}
          ref={input}
          type="file"
          className="erp-file__native"
          tabIndex={-1}
          accept={props.accept}
          disabled={props.disabled}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            props.onFile(file);
            if (!held) event.target.value = '';
          }}
        />
        <button
          type="button"
          className="records-button"
          disabled={props.disabled}
          aria-describedby={held ? `${props.id}-label ${props.id}-name` : `${props.id}-label`}
          onClick={() => input.current?.click()}
        >
          {tr('forms:file.choose', 'Choose a file…')}
        </button>
        {held ? (
          <span id={`${props.id}-name`} className="erp-file__name">
            {props.file?.name ?? tr('forms:file.none', 'No file chosen')}
          </span>
        ) : null}
      </span>
    </>
  );
}
