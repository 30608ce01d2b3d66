import type { Database } from '../db/database'
import { log } from '../log'
import { describeSmtpServer } from './settings'
import { setMailSiteOrigin } from './site-origin'
import { describeSendFailure, smtpSender } from './smtp'
import { startMailWorker, type MailWorker, type MailWorkerOptions } from './worker'

/**
 * Mail for this process, production's or the local stack's: links on the site's origin, sent
 * through SMTP_URL, with the periodic `jobs` (server/periodic-jobs.ts) run by its worker.
 */
export function startMail(options: { db: Database; smtpUrl: string; from: string; siteOrigin: string; jobs?: MailWorkerOptions['jobs']; jobsEveryMs?: number }): MailWorker {
  setMailSiteOrigin(options.siteOrigin)
  log.info({ smtp: describeSmtpServer(options.smtpUrl), from: options.from }, 'mail worker started')
  return startMailWorker({
    db: options.db,
    send: smtpSender(options.smtpUrl, options.from),
    siteOrigin: options.siteOrigin,
    jobs: options.jobs,
    jobsEveryMs: options.jobsEveryMs,
    describeFailure: (error) => describeSendFailure(error, options.smtpUrl),
  })
}
