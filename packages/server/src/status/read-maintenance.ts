import { readFile } from 'node:fs/promises';
import { TOOL_IDS, type Maintenance, type ToolId } from '@quire/shared';

export class MaintenanceFileError extends Error {}

function isTextByLocale(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).en === 'string' &&
    Object.values(value).every((text) => typeof text === 'string' && text.trim() !== '')
  );
}

/** Checks one entry of the maintenance file and says exactly what is wrong with it. */
export function parseMaintenance(value: unknown, index: number): Maintenance {
  const where = `maintenance entry ${index + 1}`;
  if (typeof value !== 'object' || value === null)
    throw new MaintenanceFileError(`${where} is not an object`);
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== 'string' || entry.id === '')
    throw new MaintenanceFileError(`${where}: "id" is missing`);
  for (const field of ['title', 'description'] as const) {
    if (!isTextByLocale(entry[field])) {
      throw new MaintenanceFileError(`${where}: "${field}" must map locales to texts, with "en" at least`);
    }
  }
  if (typeof entry.scheduledDate !== 'string' || !/[zZ]|[+-]\d\d:\d\d$/.test(entry.scheduledDate)) {
    throw new MaintenanceFileError(`${where}: "scheduledDate" must be ISO 8601 with a time zone`);
  }
  if (Number.isNaN(Date.parse(entry.scheduledDate))) {
    throw new MaintenanceFileError(`${where}: "scheduledDate" is not a date`);
  }
  if (!Number.isInteger(entry.durationMinutes) || (entry.durationMinutes as number) <= 0) {
    throw new MaintenanceFileError(`${where}: "durationMinutes" must be a positive whole number`);
  }
  const services = entry.affectedServices;
  if (
    !Array.isArray(services) ||
    services.length === 0 ||
    !services.every((id) => (TOOL_IDS as readonly unknown[]).includes(id))
  ) {
    throw new MaintenanceFileError(`${where}: "affectedServices" must list tool ids: ${TOOL_IDS.join(', ')}`);
  }
  return {
    id: entry.id,
    title: entry.title as Record<string, string>,
    description: entry.description as Record<string, string>,
    scheduledDate: entry.scheduledDate,
    durationMinutes: entry.durationMinutes as number,
    affectedServices: services as ToolId[],
  };
}

/**
 * Reads the operator's scheduled maintenance (`{ "maintenance": [...] }`), re-read on every status request so an
 * edit shows without a restart. A missing file means no maintenance; a malformed one is an error the log names.
 */
export async function readMaintenance(file: string): Promise<Maintenance[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MaintenanceFileError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const list = (parsed as { maintenance?: unknown }).maintenance;
  if (!Array.isArray(list)) throw new MaintenanceFileError(`${file} must hold { "maintenance": [ ... ] }`);
  return list.map(parseMaintenance);
}
