import { createHash } from 'node:crypto'

/**
 * A secret's SHA-256, as kept instead of the secret (feed tokens, invitation links) and as compared in
 * constant time (license keys: digests have one length). The secrets kept this way are 256 random
 * bits, so a hash without salt or stretching is enough, and the same secret always finds its row by
 * an index. Hashed here, never in SQL, so the secret never reaches the database or its logs.
 */
export const secretDigest = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest()
