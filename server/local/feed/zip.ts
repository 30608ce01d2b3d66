import { crc32, deflateRawSync } from 'node:zlib'

export interface ZipEntry {
  /** The entry's path in the archive, with forward slashes. */
  name: string
  data: Buffer | string
}

/** Every entry's time: 1 January 2026, 00:00 (MS-DOS format), so the same entries make the same bytes. */
const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1
const dosTime = 0
/** Version 2.0 of the format: deflate, no zip64 (entries and archives stay far below 4 GB). */
const version = 20
/** General purpose flag bit 11: the names are UTF-8. */
const utf8Names = 0x0800

/**
 * A zip archive (PKWARE APPNOTE 6.3), as small as a package needs: each entry deflated (or stored,
 * when deflating does not make it smaller), with its CRC-32, a central directory and its end
 * record; no extra fields, comments, encryption or zip64. Deterministic: the same entries in the
 * same order make the same bytes.
 */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  const names = new Set<string>()
  for (const entry of entries) {
    if (names.has(entry.name)) throw new Error(`The archive already has ${entry.name}`)
    names.add(entry.name)
    const name = Buffer.from(entry.name, 'utf8')
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data
    const deflated = deflateRawSync(data, { level: 9 })
    const stored = deflated.length >= data.length
    const body = stored ? data : deflated
    const method = stored ? 0 : 8
    const crc = crc32(data)

    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(version, 4)
    local.writeUInt16LE(utf8Names, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt16LE(dosTime, 10)
    local.writeUInt16LE(dosDate, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, name, body)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(version, 4)
    central.writeUInt16LE(version, 6)
    central.writeUInt16LE(utf8Names, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt16LE(dosTime, 12)
    central.writeUInt16LE(dosDate, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    // Extra field, comment, disk number, internal and external attributes: none.
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)

    offset += local.length + name.length + body.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
