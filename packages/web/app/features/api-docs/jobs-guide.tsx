import { JOB_OPERATION_IDS, type JobOperationId } from '@quire/shared';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { CodeBlock } from './code-block.tsx';
import type { ApiDocsModel, EndpointDoc } from './describe-api.ts';
import { docText } from './doc-text.ts';
import { FactList } from './fact-list.tsx';
import { InlineCode } from './inline-code.tsx';

/** The anchors of the guide's parts, for the table of contents. */
export const JOBS_FLOW_ID = 'jobs-flow';
export const JOB_OBJECT_ID = 'job-object';

type Step = {
  readonly text: MessageKey;
  /** The operations whose curl examples show the step. */
  readonly operations: readonly JobOperationId[];
  /** Those whose example answer is shown too (the others' are in their own sections). */
  readonly answers: readonly JobOperationId[];
};

/** The steps of a job's life: created, followed (polled or streamed), its result downloaded; or deleted. */
const STEPS: readonly Step[] = [
  {
    text: 'apiDocs.jobs.steps.create',
    operations: [JOB_OPERATION_IDS.create],
    answers: [JOB_OPERATION_IDS.create],
  },
  {
    text: 'apiDocs.jobs.steps.follow',
    operations: [JOB_OPERATION_IDS.get, JOB_OPERATION_IDS.events],
    answers: [JOB_OPERATION_IDS.events],
  },
  { text: 'apiDocs.jobs.steps.result', operations: [JOB_OPERATION_IDS.result], answers: [] },
  { text: 'apiDocs.jobs.steps.delete', operations: [JOB_OPERATION_IDS.delete], answers: [] },
];

const Heading = ({ id, children }: { id: string; children: ReactNode }) => (
  <h3 id={id} className="scroll-mt-24 pt-2 text-xl font-bold tracking-tight text-slate-900">
    {children}
  </h3>
);

/**
 * What the asynchronous job API is for and how a job goes, before its endpoints: when to use it, the same rules as
 * the tools, each step with the curl examples of its endpoints (and the answers of creating a job and of its
 * events), the job object's fields, who may use a job and how long it is kept. Examples and fields come from the
 * OpenAPI document.
 */
export function JobsGuide({ model }: { model: ApiDocsModel }) {
  const t = useT();
  const endpointOf = (operationId: string): EndpointDoc | undefined =>
    model.endpoints.find((endpoint) => endpoint.operationId === operationId);
  return (
    <div className="space-y-3" data-testid="jobs-guide">
      <p>
        <InlineCode text={t('apiDocs.jobs.when')} />
      </p>
      <p>
        <InlineCode text={t('apiDocs.jobs.sameRules')} />
      </p>
      <Heading id={JOBS_FLOW_ID}>{t('apiDocs.jobs.flowTitle')}</Heading>
      <ol className="list-decimal space-y-5 ps-6 marker:font-semibold marker:text-slate-900">
        {STEPS.map((step) => (
          <li key={step.text} className="space-y-3 ps-1">
            <p>
              <InlineCode text={t(step.text)} />
            </p>
            {step.operations.map(endpointOf).map(
              (endpoint) =>
                endpoint && (
                  <div key={endpoint.id} className="space-y-2">
                    <CodeBlock
                      code={endpoint.curl}
                      label={docText(t, `operations.${endpoint.operationId}.summary`)}
                    />
                    {endpoint.response.example !== undefined &&
                      step.answers.includes(endpoint.operationId as JobOperationId) && (
                        <CodeBlock
                          code={endpoint.response.example}
                          label={t('apiDocs.endpoint.exampleResponse')}
                        />
                      )}
                  </div>
                ),
            )}
          </li>
        ))}
      </ol>
      <Heading id={JOB_OBJECT_ID}>{t('apiDocs.jobs.objectTitle')}</Heading>
      <p>
        <InlineCode text={t('apiDocs.jobs.object')} />
      </p>
      <FactList
        items={model.jobFields.map((field) => ({
          name: field.name,
          text: docText(t, `jobFields.${field.name}`),
        }))}
      />
      <p>
        <InlineCode text={t('apiDocs.jobs.key')} />
      </p>
      <p data-testid="job-retention">
        <InlineCode text={t('apiDocs.jobs.retention', { minutes: model.jobRetentionMinutes })} />
      </p>
    </div>
  );
}
