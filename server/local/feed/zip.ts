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

interface SharedFields {
  method: number
  crc: number
  compressedSize: number
  size: number
  nameLength: number
}

/**
 * The run of fields a local header and its central directory record share, in the same order
 * (APPNOTE 4.3.7 and 4.3.12): flags, method, time, date, CRC-32, both sizes and the name's length.
 */
function writeSharedFields(header: Buffer, at: number, fields: SharedFields) {
  header.writeUInt16LE(utf8Names, at)
  header.writeUInt16LE(fields.method, at + 2)
  header.writeUInt16LE(dosTime, at + 4)
  header.writeUInt16LE(dosDate, at + 6)
  header.writeUInt32LE(fields.crc, at + 8)
  header.writeUInt32LE(fields.compressedSize, at + 12)
  header.writeUInt32LE(fields.size, at + 16)
  header.writeUInt16LE(fields.nameLength, at + 20)
}

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

    const shared = { method, crc, compressedSize: body.length, size: data.length, nameLength: name.length }
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(version, 4)
    writeSharedFields(local, 6, shared)
    local.writeUInt16LE(0, 28)
    locals.push(local, name, body)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(version, 4)
    central.writeUInt16LE(version, 6)
    writeSharedFields(central, 8, shared)
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
