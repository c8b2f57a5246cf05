import { describe, expect, it } from 'vitest';
import { dateSerial, detectNotation, readCellValue, type Notation } from './cell-values.ts';

const DOT: Notation = { decimal: '.', dateOrder: null };
const COMMA: Notation = { decimal: ',', dateOrder: null };

describe('detectNotation', () => {
  it('takes the decimal mark most figures read with', () => {
    expect(detectNotation(['1.234,5', '12,50', '7', 'Total']).decimal).toBe(',');
    expect(detectNotation(['1,234.5', '12.50', '3,5', '0.25']).decimal).toBe('.');
    // "1,234" and "1.234" read either way: they decide nothing, and the point stays.
    expect(detectNotation(['1,234', '5.678']).decimal).toBe('.');
    expect(detectNotation(['1,234', '5,678', '12.5']).decimal).toBe('.');
    expect(detectNotation(['1.234', '5.678', '12,5']).decimal).toBe(',');
    // Thousands grouped twice say which mark groups: Arizona's registration counts, with three percentages.
    const counts = [
      '27,462',
      '10,808',
      '13,773',
      '52,297',
      '1,260,659',
      '4,198,726',
      '30.02',
      '0.80',
      '34.42',
    ];
    expect(detectNotation(counts).decimal).toBe('.');
    expect(readCellValue('27,462', detectNotation(counts))).toMatchObject({ kind: 'number', value: 27462 });
    expect(detectNotation(['27.462', '1.260.659', '4.198.726', '30,02', '0,80']).decimal).toBe(',');
  });

  it('orders day and month only when a date says which comes first, and none contradicts it', () => {
    expect(detectNotation(['25/12/2020', '03/04/2021']).dateOrder).toBe('dmy');
    expect(detectNotation(['12/25/2020', '03/04/2021']).dateOrder).toBe('mdy');
    expect(detectNotation(['03/04/2021']).dateOrder).toBeNull();
    expect(detectNotation(['25/12/2020', '12/25/2020']).dateOrder).toBeNull();
  });
});

describe('readCellValue', () => {
  it('reads figures in the document’s own notation', () => {
    expect(readCellValue('1.234,5', COMMA)).toEqual({ kind: 'number', value: 1234.5, format: '#,##0.0' });
    expect(readCellValue('1,234.5', DOT)).toEqual({ kind: 'number', value: 1234.5, format: '#,##0.0' });
    expect(readCellValue('1 234,50', COMMA)).toEqual({ kind: 'number', value: 1234.5, format: '#,##0.00' });
    expect(readCellValue('35.30', DOT)).toEqual({ kind: 'number', value: 35.3, format: '0.00' });
    expect(readCellValue('2048', DOT)).toEqual({ kind: 'number', value: 2048, format: 'General' });
    // In a document of decimal commas, a point groups thousands.
    expect(readCellValue('1.234', COMMA)).toMatchObject({ value: 1234 });
    expect(readCellValue('1.234', DOT)).toMatchObject({ value: 1.234 });
  });

  it('reads negatives with a minus or in parentheses, currencies and percentages', () => {
    expect(readCellValue('(12)', DOT)).toEqual({ kind: 'number', value: -12, format: '0;(0)' });
    expect(readCellValue('(1.234,50)', COMMA)).toEqual({
      kind: 'number',
      value: -1234.5,
      format: '#,##0.00;(#,##0.00)',
    });
    expect(readCellValue('−0.32', DOT)).toMatchObject({ value: -0.32 });
    expect(readCellValue('-181.1', DOT)).toMatchObject({ value: -181.1 });
    expect(readCellValue('$1,200', DOT)).toEqual({ kind: 'number', value: 1200, format: '"$"#,##0' });
    expect(readCellValue('12,5 €', COMMA)).toEqual({ kind: 'number', value: 12.5, format: '0.0"€"' });
    expect(readCellValue('50%', DOT)).toEqual({ kind: 'number', value: 0.5, format: '0%' });
    expect(readCellValue('12,5 %', COMMA)).toEqual({ kind: 'number', value: 0.125, format: '0.0%' });
    // Read as written, not divided: 1.100% is 0.011 exactly as a spreadsheet writes it.
    expect(readCellValue('1.100%', DOT)).toEqual({ kind: 'number', value: 0.011, format: '0.000%' });
    expect(readCellValue('-0.45%', DOT)).toMatchObject({ value: -0.0045 });
  });

  it('keeps codes, words and figures with units as text', () => {
    for (const text of ['007', '6908791009483001', '1550M', '10×', 'Draft 01', '2.5 × 10−4', 'XLS-R (2B)'])
      expect(readCellValue(text, DOT)).toEqual({ kind: 'text', text });
  });

  it('writes dates that name one day as dates, and leaves the others as text', () => {
    expect(readCellValue('2003-03-07', DOT)).toEqual({ kind: 'date', serial: 37687, format: 'yyyy-mm-dd' });
    expect(readCellValue('2003-03-07 08:42:38', DOT)).toMatchObject({ format: 'yyyy-mm-dd hh:mm:ss' });
    expect(readCellValue('September 2002', DOT)).toEqual({
      kind: 'date',
      serial: 37500,
      format: 'mmmm yyyy',
    });
    expect(readCellValue('7 March 2003', DOT)).toMatchObject({ kind: 'date', serial: 37687 });
    expect(readCellValue('March 7, 2003', DOT)).toMatchObject({ kind: 'date', serial: 37687 });
    // Which of 03 and 04 is the month, only the document's other dates can say.
    expect(readCellValue('03/04/2021', DOT)).toEqual({ kind: 'text', text: '03/04/2021' });
    expect(readCellValue('03/04/2021', { decimal: '.', dateOrder: 'dmy' })).toMatchObject({
      serial: dateSerial(2021, 4, 3),
      format: 'dd/mm/yyyy',
    });
    expect(readCellValue('2003-02-30', DOT)).toEqual({ kind: 'text', text: '2003-02-30' });
  });
});
