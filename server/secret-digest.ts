import { hash } from 'node:crypto'

/**
 * A secret's SHA-256, as kept instead of the secret (feed tokens, invitation links) and as compared in
 * constant time (license keys: digests have one length). The secrets kept this way are 256 random
 * bits, so a hash without salt or stretching is enough, and the same secret always finds its row by
 * an index. Hashed here, never in SQL, so the secret never reaches the database or its logs.
 * One call (`crypto.hash`), not a Hash object per secret: the feed check hashes on every request,
 * and the object cost it several times the hashing.
 */
export const secretDigest = (secret: string): Buffer => hash('sha256', secret, 'buffer')
