import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generate } from 'selfsigned'

export interface TlsFiles {
  key: string
  cert: string
}

/** A self-signed certificate for localhost, made on first start and kept in the local folder. */
export async function loadOrCreateCertificate(localDir: string): Promise<TlsFiles> {
  const keyPath = join(localDir, 'tls-key.pem')
  const certPath = join(localDir, 'tls-cert.pem')
  if (existsSync(keyPath) && existsSync(certPath)) {
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') }
  }
  const notAfterDate = new Date()
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 1)
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  })
  mkdirSync(localDir, { recursive: true })
  writeFileSync(keyPath, pems.private, { mode: 0o600 })
  writeFileSync(certPath, pems.cert)
  return { key: pems.private, cert: pems.cert }
}
