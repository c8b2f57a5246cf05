import { JOB_STAGES, JOB_STATES, type JobResultView, type JobView } from '../jobs/job-view.ts';
import { NOTICE_CODES } from '../reports/job-report.ts';
import { REPORT_FIGURES, type ReportFigureSpec } from '../reports/report-spec.ts';
import { TOOL_IDS } from '../tools/tool-ids.ts';
import { ERROR_BODY_SCHEMA } from './api-schemas.ts';

/**
 * JSON Schemas of the asynchronous job API's answers (`JobView` in `jobs/job-view.ts`). Each field's description
 * is the English text the API docs page shows for it (`apiDocs.jobFields.*`, checked by a test). No `$ref`: each
 * schema compiles on its own.
 */
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });

/** A job's id: 128 random bits in lower-case hex. */
export const JOB_ID_PATTERN = '^[0-9a-f]{32}$';
const count = nullable({ type: 'integer', minimum: 0 });

const NOTICE_SCHEMA = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', enum: [...NOTICE_CODES] },
    fileIndex: { type: 'integer', minimum: 0 },
    pages: { type: 'integer', minimum: 0 },
    dpi: { type: 'integer', minimum: 1 },
  },
} as const;

/** One figure of a report: its type (or null, where it may be), and its words. */
const figureSchema = ({ type, isNullable, description }: ReportFigureSpec) => ({
  type: isNullable ? [type, 'null'] : type,
  description,
});

/**
 * The report of a done job: the figures of its tool (`REPORT_FIGURES`), one alternative per tool, each with exactly
 * its figures; which one is the job's, its `tool` says.
 */
export const JOB_REPORT_SCHEMA = {
  anyOf: TOOL_IDS.map((tool) => {
    const figures: Readonly<Record<string, ReportFigureSpec>> = REPORT_FIGURES[tool];
    return {
      title: tool,
      type: 'object',
      required: Object.keys(figures),
      additionalProperties: false,
      properties: Object.fromEntries(
        Object.entries(figures).map(([name, spec]) => [name, figureSchema(spec)]),
      ),
    };
  }),
};

/** A done job's result (`JobResultView`): its file as its download is sent, and its tool's figures. */
export const JOB_RESULT_SCHEMA = {
  type: 'object',
  required: ['fileName', 'mimeType', 'bytes', 'report'],
  properties: {
    fileName: { type: 'string' },
    mimeType: { type: 'string' },
    bytes: { type: 'integer', minimum: 0 },
    report: JOB_REPORT_SCHEMA,
    // Exactly the fields of the type, as for the view.
  } satisfies Record<keyof JobResultView, unknown>,
} as const;

export const JOB_VIEW_SCHEMA = {
  type: 'object',
  required: ['id', 'tool', 'state', 'progress', 'notices', 'error', 'result', 'createdAt', 'expiresAt'],
  properties: {
    id: {
      type: 'string',
      pattern: JOB_ID_PATTERN,
      description:
        '32 hexadecimal characters (128 random bits), the only key to the job: whoever holds it may read, download or delete the job.',
    },
    tool: { type: 'string', enum: [...TOOL_IDS], description: 'The tool the job runs.' },
    state: {
      type: 'string',
      enum: [...JOB_STATES],
      description:
        '`queued` (waiting for a worker), `running`, then `done` (the result can be downloaded), `failed` (`error` says why) or `cancelled` (deleted while it was queued or running).',
    },
    progress: {
      type: 'object',
      required: ['stage', 'pagesDone', 'pagesTotal'],
      properties: {
        stage: { type: 'string', enum: [...JOB_STAGES] },
        pagesDone: count,
        pagesTotal: count,
      },
      description:
        'Where the job stands: `stage` is `queued`, `reading`, `processing` or `writing`, then `done`, `failed` or `cancelled`; `pagesDone` of `pagesTotal` count the pages while a tool that works page by page processes them, and are null otherwise.',
    },
    notices: {
      type: 'array',
      items: NOTICE_SCHEMA,
      description:
        'What to know about the result: objects with a `code` (the codes of the `X-Notices` header) and, where they apply, `fileIndex`, `pages` and `dpi`.',
    },
    error: {
      ...nullable(ERROR_BODY_SCHEMA.properties.error),
      description:
        'Null, or for a failed job the `error` object of its error body: `code`, `message` and `details`, as the tool’s endpoint would have answered.',
    },
    result: {
      ...nullable(JOB_RESULT_SCHEMA),
      description:
        'Null until the job is done, then the result’s `fileName`, `mimeType` and size in `bytes`, as its download is sent: the name is made from the first file sent (`report.pdf` compressed gives `report-compressed.pdf`), the type is the tool’s, or `image/jpeg` for PDF to JPG of a one-page document. Its `report` holds the tool’s figures about the result, the same facts as the report headers of its download, in JSON (for compression, `originalBytes` and `outputBytes`): an empty object for a tool that reports none.',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the job was created (ISO 8601, UTC).',
    },
    expiresAt: {
      ...nullable({ type: 'string', format: 'date-time' }),
      description:
        'When the ended job is deleted if its result has not been downloaded by then (ISO 8601, UTC); null while the job is queued or running.',
    },
    // Exactly the fields of the type: one missing or one too many does not compile.
  } satisfies Record<keyof JobView, unknown>,
} as const;

/** `{"success": true, "job": …}`: the answer of `POST /api/v1/jobs`, of `GET /api/v1/jobs/{id}` and each event. */
export const JOB_BODY_SCHEMA = {
  type: 'object',
  required: ['success', 'job'],
  properties: {
    success: { type: 'boolean', const: true },
    job: JOB_VIEW_SCHEMA,
  },
} as const;
