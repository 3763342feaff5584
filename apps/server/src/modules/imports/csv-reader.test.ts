import { describe, expect, it } from 'vitest'
import { cutCharacterBytes, type Delimiter, readRows, utf8Text } from './csv-reader.js'

async function* piecesOf(...pieces: Buffer[]): AsyncGenerator<Buffer> {
  for (const piece of pieces) yield await Promise.resolve(piece)
}

async function textOf(...pieces: Buffer[]): Promise<string> {
  let text = ''
  for await (const part of utf8Text(piecesOf(...pieces))) text += part
  return text
}

async function rowsOf(...pieces: Buffer[]): Promise<string[][]> {
  const rows: string[][] = []
  const options = { encoding: 'utf-8', delimiter: ',' } as const
  for await (const { values } of readRows(piecesOf(...pieces), options)) rows.push(values)
  return rows
}

describe('csv-reader: a file read as UTF-8', () => {
  it('says how many bytes at the end start a character the piece cuts off', () => {
    const cafe = Buffer.from('Café', 'utf8') // é is C3 A9
    expect(cutCharacterBytes(cafe)).toBe(0)
    expect(cutCharacterBytes(cafe.subarray(0, cafe.length - 1))).toBe(1)
    const euro = Buffer.from('€', 'utf8') // E2 82 AC
    expect(cutCharacterBytes(euro.subarray(0, 2))).toBe(2)
    expect(cutCharacterBytes(euro.subarray(0, 1))).toBe(1)
    expect(cutCharacterBytes(Buffer.from('abc'))).toBe(0)
    expect(cutCharacterBytes(Buffer.alloc(0))).toBe(0)
  })

  it('reads a character cut between two pieces whole', async () => {
    const bytes = Buffer.from('name,city\nRenée,Zürich €\n', 'utf8')
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await textOf(bytes.subarray(0, cut), bytes.subarray(cut))).toBe(
        'name,city\nRenée,Zürich €\n',
      )
    }
  })

  it('goes on in windows-1252 from the first piece that is not UTF-8', async () => {
    const first = Buffer.from('name,account\nPlain,Ascii Ltd\n', 'latin1')
    const second = Buffer.from([...Buffer.from('Caf'), 0xe9, 0x2c, 0x93, 0x51, 0x94, 0x0a])
    expect(await textOf(first, second)).toBe('name,account\nPlain,Ascii Ltd\nCafé,“Q”\n')
  })

  it("keeps a U+FEFF at a piece's start; the parser drops only the file's leading one", async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf])
    expect(await textOf(Buffer.concat([bom, Buffer.from('a,b\n')]), bom)).toBe('\uFEFFa,b\n\uFEFF')
    expect(await rowsOf(Buffer.concat([bom, Buffer.from('name,account\nOne,Two\n')]))).toEqual([
      ['One', 'Two'],
    ])
  })

  it('reads a cut character at the very end of the file byte by byte', async () => {
    expect(await textOf(Buffer.from('a,b\n'), Buffer.from([0x78, 0xc3]))).toBe('a,b\nxÃ')
  })

  it('gives the rows of such a file with its later values readable', async () => {
    const rows = await rowsOf(
      Buffer.from('name,account\nDeal one,Ascii Ltd\n'),
      Buffer.from([...Buffer.from('Deal two,Soci'), 0xe9, 0x74, 0xe9, 0x0a]),
    )
    expect(rows).toEqual([
      ['Deal one', 'Ascii Ltd'],
      ['Deal two', 'Société'],
    ])
  })
})

describe('csv-reader: row numbers', () => {
  async function numbered(text: string, delimiter: Delimiter = ','): Promise<[number, string][]> {
    const rows: [number, string][] = []
    const options = { encoding: 'utf-8', delimiter } as const
    for await (const { row, values } of readRows(piecesOf(Buffer.from(text)), options)) {
      rows.push([row, values[0] ?? ''])
    }
    return rows
  }

  it('counts a blank line as a row, as a spreadsheet shows it, without giving it', async () => {
    expect(await numbered('name,stage\r\nOne,A\r\n\r\nTwo,B\r\n\r\n\r\nThree,C\r\n\r\n')).toEqual([
      [1, 'One'],
      [3, 'Two'],
      [6, 'Three'],
    ])
  })

  it('counts a line of only separators as a blank line, whichever the delimiter', async () => {
    expect(
      await numbered('name,stage,amount\nOne,A,1\n,,\nTwo,B,2\n,,,,\n"",,\nThree,C,3\n,,\n'),
    ).toEqual([
      [1, 'One'],
      [3, 'Two'],
      [6, 'Three'],
    ])
    expect(await numbered('name;stage\nOne;A\n;\nTwo;B\n', ';')).toEqual([
      [1, 'One'],
      [3, 'Two'],
    ])
  })

  it('keeps a value with quoted line breaks within its one row', async () => {
    expect(await numbered('name,stage\n"One\nand\nmore",A\n\nTwo,B\n')).toEqual([
      [1, 'One\nand\nmore'],
      [3, 'Two'],
    ])
  })
})
