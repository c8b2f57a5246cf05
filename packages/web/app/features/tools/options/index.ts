import { TOOLS, type ToolId } from '@quire/shared';
import { createElement, type ComponentType } from 'react';
import { CompareOptions } from './compare-options.tsx';
import { CropOptions } from './crop-options.tsx';
import { GenericOptions } from './generic-options.tsx';
import { JpgToPdfOptions } from './jpg-to-pdf-options.tsx';
import { MetadataOptions } from './metadata-options.tsx';
import { OrganizeOptions } from './organize-options.tsx';
import { PdfToJpgOptions, PdfToPngOptions } from './page-image-options.tsx';
import { RedactOptions } from './redact-options.tsx';
import { RotateOptions } from './rotate-options.tsx';
import { SignOptions } from './sign-options.tsx';
import { WatermarkOptions } from './watermark-options.tsx';

/** What every tool-specific options form receives: the option fields as the server expects them. */
export type ToolOptionsProps = {
  readonly values: Readonly<Record<string, string>>;
  /** The selected files, for forms that preview them (rotate). */
  readonly files: readonly File[];
  /** The first file's page count when the browser could read it (forms with page lists say it), else null. */
  readonly pageCount: number | null;
  /** Passwords the visitor gave for protected files, by file index (used for the upload too). */
  readonly passwords: Readonly<Record<number, string>>;
  /** Asks for a file's password (again, when the one given was wrong), for forms that show its pages. */
  readonly onAskPassword: (fileIndex: number, isRetry: boolean) => void;
  readonly disabled: boolean;
  /** A field the visitor must fix, with its translated message; null when there is none. */
  readonly problem: { readonly option: string; readonly message: string } | null;
  readonly onChange: (values: Record<string, string>) => void;
  /** The tool's extra file (Watermark's picture, `ToolDefinition.extraFile`), chosen in its form; null when none. */
  readonly extraFile: File | null;
  readonly onExtraFileChange: (file: File | null) => void;
  /** Files of the tool's own fields by field name (Sign PDF's `image-0`, …, and `certificate`), chosen in its form. */
  readonly attachments: Readonly<Record<string, File>>;
  readonly onAttachmentsChange: (attachments: Readonly<Record<string, File>>) => void;
};

/**
 * The tools whose options earn a form of their own: PDF to JPG and PNG (each quality named with its resolution), JPG to
 * PDF (the page order hint), rotate and crop (page previews), PDF properties (its fields filled from the file
 * chosen), Organize PDF (its layout made on a board of pages), Watermark (a text or a picture), Redact PDF (its
 * areas drawn on its pages), Sign PDF (its signature made and placed on its pages) and Compare PDF (the report's
 * language, from a list). Every other tool
 * with options gets the generic form
 * (`GenericOptions`), from its registry entry and its words.
 */
const CUSTOM_OPTION_FORMS: Partial<Record<ToolId, ComponentType<ToolOptionsProps>>> = {
  'pdf-to-jpg': PdfToJpgOptions,
  'pdf-to-png': PdfToPngOptions,
  'jpg-to-pdf': JpgToPdfOptions,
  rotate: RotateOptions,
  crop: CropOptions,
  metadata: MetadataOptions,
  organize: OrganizeOptions,
  watermark: WatermarkOptions,
  redact: RedactOptions,
  sign: SignOptions,
  compare: CompareOptions,
};

const genericForms = new Map<ToolId, ComponentType<ToolOptionsProps>>();

/** The generic form bound to one tool, made once per tool (a new component each render would remount it). */
function genericFormOf(toolId: ToolId): ComponentType<ToolOptionsProps> {
  let form = genericForms.get(toolId);
  if (!form) {
    form = (props: ToolOptionsProps) => createElement(GenericOptions, { ...props, toolId });
    genericForms.set(toolId, form);
  }
  return form;
}

/** Whether a tool's options are shown by the generic form. */
export function usesGenericForm(toolId: ToolId): boolean {
  return Object.keys(TOOLS[toolId].options).length > 0 && CUSTOM_OPTION_FORMS[toolId] === undefined;
}

/** The options form of a tool: its own, the generic one, or null when it has no options. */
export function optionsFormOf(toolId: ToolId): ComponentType<ToolOptionsProps> | null {
  if (usesGenericForm(toolId)) return genericFormOf(toolId);
  return CUSTOM_OPTION_FORMS[toolId] ?? null;
}
