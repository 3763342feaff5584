import { describe, expect, it } from 'vitest'
import { parseCsvHeader, readCsvHeader } from './csv-header'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('parseCsvHeader', () => {
  it('reads a HubSpot export: BOM stripped, commas, quoted headers', () => {
    expect(
      parseCsvHeader(bytes('\uFEFF"Record ID","Deal Name","Deal Stage, current"\n1,Acme,Won\n')),
    ).toEqual({
      ok: true,
      delimiter: ',',
      headers: ['Record ID', 'Deal Name', 'Deal Stage, current'],
    })
  })

  it('picks the semicolon of a European export, and reads a header without rows', () => {
    expect(parseCsvHeader(bytes('Opportunity Name;Stage;Amount'))).toEqual({
      ok: true,
      delimiter: ';',
      headers: ['Opportunity Name', 'Stage', 'Amount'],
    })
  })

  it('keeps a doubled quote and a line break inside a quoted header', () => {
    const read = parseCsvHeader(bytes('"Say ""hi""","Two\nlines"\r\nx,y'))
    expect(read).toEqual({ ok: true, delimiter: ',', headers: ['Say "hi"', 'Two\nlines'] })
  })

  it('reads a header that is not UTF-8 as windows-1252, as the server does', () => {
    expect(parseCsvHeader(new Uint8Array([0x4e, 0x61, 0xe9, 0x3b, 0x62, 0x0a]))).toEqual({
      ok: true,
      delimiter: ';',
      headers: ['Naé', 'b'],
    })
  })

  it('refuses what is no CSV, as the server would', () => {
    expect(parseCsvHeader(bytes(''))).toEqual({ ok: false, problem: 'empty_file' })
    expect(parseCsvHeader(bytes(' \n'))).toEqual({ ok: false, problem: 'empty_file' })
    expect(parseCsvHeader(new Uint8Array([80, 75, 3, 4, 0, 0]))).toEqual({
      ok: false,
      problem: 'binary_file',
    })
    expect(parseCsvHeader(bytes('just one column\n1\n'))).toEqual({
      ok: false,
      problem: 'no_header',
    })
  })

  it('reads the header from a file', async () => {
    const file = new File(['name,stage\nAcme,Won\n'], 'deals.csv', { type: 'text/csv' })
    await expect(readCsvHeader(file)).resolves.toEqual({
      ok: true,
      delimiter: ',',
      headers: ['name', 'stage'],
    })
  })
})
