import { ERROR_CODE_LIST } from '../errors/error-codes.ts';
import { SERVICE_STATUSES } from '../status/status-report.ts';
import { TOOL_IDS } from '../tools/tool-ids.ts';

/**
 * JSON Schemas of the API's JSON answers. The routes serialise with them (so an answer cannot carry a field the
 * reference does not describe) and the OpenAPI document embeds the same objects.
 */
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const serviceStatus = { type: 'string', enum: [...SERVICE_STATUSES] } as const;

export const ERROR_BODY_SCHEMA = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', const: false },
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      properties: {
        code: { type: 'string', enum: [...ERROR_CODE_LIST] },
        message: {
          type: 'string',
          description: 'In English; the site shows its own translation of the code.',
        },
        details: {
          type: 'object',
          description:
            'Facts for the message, e.g. `fileName`, `fileIndex`, `limitBytes`, `item`, `reason`, `pageCount`, `retryAfterSeconds`.',
          additionalProperties: true,
        },
      },
    },
  },
} as const;

const MAINTENANCE_SCHEMA = {
  type: 'object',
  required: ['id', 'title', 'description', 'scheduledDate', 'durationMinutes', 'affectedServices'],
  properties: {
    id: { type: 'string' },
    title: {
      type: 'object',
      description: 'Texts by locale; `en` always present.',
      additionalProperties: { type: 'string' },
    },
    description: { type: 'object', additionalProperties: { type: 'string' } },
    scheduledDate: { type: 'string', format: 'date-time' },
    durationMinutes: { type: 'integer', minimum: 1 },
    affectedServices: { type: 'array', items: { type: 'string', enum: [...TOOL_IDS] } },
  },
} as const;

export const STATUS_REPORT_SCHEMA = {
  type: 'object',
  required: [
    'overall',
    'averageUptime',
    'incidents',
    'operationalServices',
    'totalServices',
    'services',
    'history',
    'maintenance',
    'probeIntervalSeconds',
    'generatedAt',
  ],
  properties: {
    overall: {
      ...nullable(serviceStatus),
      description: 'The worst status present; null before the first probe.',
    },
    averageUptime: {
      ...nullable({ type: 'number' }),
      description: 'Mean of the services’ 30-day uptimes in percent, two decimals; null without probes.',
    },
    incidents: { type: 'integer', description: 'Runs of unsuccessful probes over the 30 days.' },
    operationalServices: { type: 'integer' },
    totalServices: { type: 'integer' },
    services: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'status', 'uptime', 'averageResponseMs', 'lastChecked'],
        properties: {
          id: { type: 'string', enum: [...TOOL_IDS] },
          status: nullable(serviceStatus),
          uptime: {
            ...nullable({ type: 'number' }),
            description: 'Percent of successful probes over 30 days.',
          },
          averageResponseMs: {
            ...nullable({ type: 'integer' }),
            description: 'Mean time of the successful probes of the last 24 hours.',
          },
          lastChecked: nullable({ type: 'string', format: 'date-time' }),
        },
      },
    },
    history: {
      type: 'array',
      minItems: 30,
      maxItems: 30,
      description: 'Oldest first, ending today (UTC). `uptime` is null on days without probes.',
      items: {
        type: 'object',
        required: ['date', 'uptime', 'incidents'],
        properties: {
          date: { type: 'string', format: 'date' },
          uptime: nullable({ type: 'number' }),
          incidents: { type: 'integer' },
        },
      },
    },
    maintenance: { type: 'array', items: MAINTENANCE_SCHEMA },
    probeIntervalSeconds: { type: 'integer' },
    generatedAt: { type: 'string', format: 'date-time' },
  },
} as const;
