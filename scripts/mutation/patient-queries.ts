import { configure } from '@testing-library/react'

/**
 * Setup of the tests Stryker runs: instrumented code on a busy 2-core machine renders several
 * times slower than in `npm test`, and a `findBy` giving up after its usual second would fail an
 * unmutated test. Five seconds still fail a mutated view well inside Stryker's own timeout.
 */
configure({ asyncUtilTimeout: 5_000 })
