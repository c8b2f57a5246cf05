/**
 * A table cell's text read as the value a spreadsheet holds: a number in the document's own notation (its decimal
 * mark and its grouping, negative in parentheses or with a minus), a percentage, a date where the text can mean
 * only one day, or else the text itself.
 */

/** How the document writes numbers: the decimal mark, the other mark (`,` or `.`) grouping thousands. */
export type Notation = { decimal: '.' | ','; dateOrder: 'dmy' | 'mdy' | null };

export type CellValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; format: string }
  | { kind: 'date'; serial: number; format: string };

/** Digits a spreadsheet's number keeps: a longer run of digits is a code (a barcode, an account), kept as text. */
const MAX_NUMBER_DIGITS = 15;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_WORD = `(${MONTHS.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)})?`).join('|')})\\.?`;

const NUMBER_WITH_COMMA_DECIMAL =
  /^[-−+(]?\d{1,3}(?:[.\s\u00a0\u202f]\d{3})*,\d+\)?%?$|^[-−+(]?\d+,\d{1,2}\)?%?$/u;
const NUMBER_WITH_DOT_DECIMAL =
  /^[-−+(]?\d{1,3}(?:[,\s\u00a0\u202f]\d{3})*\.\d+\)?%?$|^[-−+(]?\d+\.\d{1,2}\)?%?$/u;
const SLASH_DATE = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/u;
/** "27,462" or "1.234": one mark before three digits, a decimal mark or a thousands mark alike. */
const EITHER_MARK = /^[-−+(]?\d{1,3}[.,]\d{3}\)?%?$/u;
/** "1,260,659" or "1.260.659": the mark groups thousands, so the other one is the decimal mark. */
const GROUPED_BY_COMMAS = /^[-−+(]?\d{1,3}(?:,\d{3}){2,}\)?%?$/u;
const GROUPED_BY_DOTS = /^[-−+(]?\d{1,3}(?:\.\d{3}){2,}\)?%?$/u;

/**
 * The notation of a document from its cells' texts: a comma is its decimal mark when more of its figures read as
 * decimal commas ("1.234,5", "12,50", "1.260.659") than as decimal points ("1,234.5", "12.50", "1,260,659"); a
 * figure such as "27,462" reads either way and decides nothing (a report of counts in thousands, with a few
 * percentages, read as three-decimal fractions before). Its dates are day first or month first when one of its
 * dates can only be read so (a day above 12) and none the other way.
 */
export function detectNotation(texts: readonly string[]): Notation {
  let commas = 0;
  let dots = 0;
  let dayFirst = false;
  let monthFirst = false;
  for (const raw of texts) {
    const text = raw.trim().replace(/^[$€£¥]\s?|\s?[$€£¥]$/gu, '');
    if (EITHER_MARK.test(text)) continue;
    const isComma = NUMBER_WITH_COMMA_DECIMAL.test(text) || GROUPED_BY_DOTS.test(text);
    const isDot = NUMBER_WITH_DOT_DECIMAL.test(text) || GROUPED_BY_COMMAS.test(text);
    if (isComma && !isDot) commas += 1;
    if (isDot && !isComma) dots += 1;
    const date = SLASH_DATE.exec(text);
    if (date) {
      if (Number(date[1]) > 12 && Number(date[2]) <= 12) dayFirst = true;
      if (Number(date[2]) > 12 && Number(date[1]) <= 12) monthFirst = true;
    }
  }
  const dateOrder = dayFirst === monthFirst ? null : dayFirst ? 'dmy' : 'mdy';
  return { decimal: commas > dots ? ',' : '.', dateOrder };
}

/** The value of a cell's text in the document's notation. */
export function readCellValue(raw: string, notation: Notation): CellValue {
  const text = raw.trim();
  if (text === '') return { kind: 'text', text: '' };
  return readNumber(text, notation) ?? readDate(text, notation) ?? { kind: 'text', text: raw };
}

/**
 * A figure: an optional sign or parentheses (negative), a currency sign, digits grouped in thousands by the
 * document's grouping mark (or a space), its decimal mark, a percent sign. A leading zero before more digits
 * ("007") is a code, not a number.
 */
function readNumber(text: string, notation: Notation): CellValue | null {
  const group = notation.decimal === ',' ? '.' : ',';
  let body = text.replace(/[\s\u00a0\u202f]+(?=\d{3}\b)/gu, '\u202f');
  let negative = false;
  let parentheses = false;
  if (/^\(.*\)$/u.test(body)) {
    parentheses = true;
    negative = true;
    body = body.slice(1, -1).trim();
  }
  const currency = /^([$€£¥])\s?|\s?([$€£¥])$/u.exec(body);
  body = body.replace(/^[$€£¥]\s?|\s?[$€£¥]$/gu, '');
  if (/^[-−–]/u.test(body)) {
    negative = !negative;
    body = body.slice(1);
  } else if (body.startsWith('+')) body = body.slice(1);
  const percent = body.endsWith('%');
  if (percent) body = body.slice(0, -1).trimEnd();
  const escapedGroup = group === '.' ? '\\.' : ',';
  const escapedDecimal = notation.decimal === '.' ? '\\.' : ',';
  const pattern = new RegExp(
    `^(\\d{1,3}(?:[${escapedGroup}\\u202f]\\d{3})+|\\d+)(?:${escapedDecimal}(\\d+))?$`,
    'u',
  );
  const match = pattern.exec(body);
  if (!match) return null;
  const whole = (match[1] as string).replace(/[.,\u202f]/gu, '');
  const fraction = match[2] ?? '';
  if (whole.length > 1 && whole.startsWith('0')) return null;
  if (whole.length + fraction.length > MAX_NUMBER_DIGITS) return null;
  // A percentage's fraction moves the decimal point in the text itself: 1.1% is 0.011, not 1.1 / 100
  // (0.011000000000000001).
  const magnitude = Number(`${whole}.${fraction || '0'}e${percent ? -2 : 0}`);
  const value = negative ? -magnitude : magnitude;
  const grouped = whole.length > 3 && match[1] !== whole;
  const decimals = fraction.length;
  return {
    kind: 'number',
    value,
    format: numberFormat({ grouped, decimals, percent, parentheses, currency }),
  };
}

function numberFormat({
  grouped,
  decimals,
  percent,
  parentheses,
  currency,
}: {
  grouped: boolean;
  decimals: number;
  percent: boolean;
  parentheses: boolean;
  currency: RegExpExecArray | null;
}): string {
  const digits = `${grouped ? '#,##0' : '0'}${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
  const symbol = currency?.[1] ?? currency?.[2];
  const amount = symbol ? (currency?.[1] ? `"${symbol}"${digits}` : `${digits}"${symbol}"`) : digits;
  const positive = `${amount}${percent ? '%' : ''}`;
  if (!grouped && decimals === 0 && !percent && !parentheses && !symbol) return 'General';
  return parentheses ? `${positive};(${positive})` : positive;
}

/**
 * A date that names one day beyond doubt: ISO (2003-03-07, with a time after it or not), a day and a month's
 * name in English with a year (7 March 2003, March 7, 2003), a month's name and a year (September 2002, the month
 * shown as such), or day/month/year where the document's dates say which comes first.
 */
function readDate(text: string, notation: Notation): CellValue | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/u.exec(text);
  if (iso) {
    const day = dateSerial(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (day === null) return null;
    if (iso[4] === undefined) return { kind: 'date', serial: day, format: 'yyyy-mm-dd' };
    const seconds = Number(iso[4]) * 3600 + Number(iso[5]) * 60 + Number(iso[6] ?? 0);
    const format = iso[6] === undefined ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd hh:mm:ss';
    return { kind: 'date', serial: day + seconds / 86_400, format };
  }
  const lower = text.toLowerCase();
  const dayMonth = new RegExp(`^(\\d{1,2})\\s+${MONTH_WORD}\\s+(\\d{4})$`, 'u').exec(lower);
  const monthDay = new RegExp(`^${MONTH_WORD}\\s+(\\d{1,2}),?\\s+(\\d{4})$`, 'u').exec(lower);
  const monthYear = new RegExp(`^${MONTH_WORD}\\s+(\\d{4})$`, 'u').exec(lower);
  const named = (month: string, day: number, year: number, format: string): CellValue | null => {
    const serial = dateSerial(year, monthIndex(month), day);
    return serial === null ? null : { kind: 'date', serial, format };
  };
  if (dayMonth) return named(dayMonth[2] as string, Number(dayMonth[1]), Number(dayMonth[3]), 'd mmmm yyyy');
  if (monthDay) return named(monthDay[1] as string, Number(monthDay[2]), Number(monthDay[3]), 'mmmm d, yyyy');
  if (monthYear) return named(monthYear[1] as string, 1, Number(monthYear[2]), 'mmmm yyyy');
  const slash = SLASH_DATE.exec(text);
  if (slash && notation.dateOrder) {
    const [first, second, year] = [Number(slash[1]), Number(slash[2]), Number(slash[3])];
    const [day, month] = notation.dateOrder === 'dmy' ? [first, second] : [second, first];
    const serial = dateSerial(year, month, day);
    const format = notation.dateOrder === 'dmy' ? 'dd/mm/yyyy' : 'mm/dd/yyyy';
    return serial === null ? null : { kind: 'date', serial, format };
  }
  return null;
}

function monthIndex(word: string): number {
  return MONTHS.findIndex((month) => month.startsWith(word.replace(/\.$/u, '').slice(0, 3))) + 1;
}

/** The spreadsheet's serial number of a day (days since 30 December 1899), or null when there is no such day. */
export function dateSerial(year: number, month: number, day: number): number | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return Math.round((time - Date.UTC(1899, 11, 30)) / 86_400_000);
}
