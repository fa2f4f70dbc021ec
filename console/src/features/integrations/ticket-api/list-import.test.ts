import { CONVERTER_COLUMNS, MANUAL_TICKET_COLUMNS } from '@pulsera/contracts';
import { describe, expect, it } from 'vitest';
import { parseDelimited } from '../../../lib/table-file';
import { listRows } from './list-import';

const HEADERS = { code: 'code', role: 'role', holder: 'holder', name: 'holder', email: 'email' } as const;

describe('listRows', () => {
  it('reads a header naming the columns in any order, with the file lines', () => {
    const rows = listRows(
      parseDelimited('e-mail;Name;Role;Code\nana@x.test;Ana;General;A-1\n\n;;VIP;A-2'),
      MANUAL_TICKET_COLUMNS,
      HEADERS,
    );
    expect(rows).toEqual([
      { line: 2, code: 'A-1', role: 'General', holder: 'Ana', email: 'ana@x.test', reseller: '' },
      { line: 4, code: 'A-2', role: 'VIP', holder: '', email: '', reseller: '' },
    ]);
  });

  it('takes the columns in the expected order without a header', () => {
    const rows = listRows(parseDelimited('EXT-1,OUR-1,VIP\nEXT-2'), CONVERTER_COLUMNS, {
      externalcode: 'externalCode',
    });
    expect(rows).toEqual([
      { line: 1, externalCode: 'EXT-1', code: 'OUR-1', role: 'VIP' },
      { line: 2, externalCode: 'EXT-2', code: '', role: '' },
    ]);
  });
});
