import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message carries, logged when the message goes to the outbox. */
  link?: string;
}

export interface MailLog {
  info(obj: object, msg: string): void;
}

/**
 * Sends e-mail through SMTP (`SMTP_URL`, e.g. `smtp://user:pass@host:587` or `smtps://…`, from
 * `SMTP_FROM`) with nodemailer. Without SMTP_URL (the demo), each message is written as an .eml file
 * into `DATA_DIR/outbox/` and its link logged, so invitations and resets work with no set-up.
 * A failure throws: the caller answers emailFailed and keeps what it saved.
 */
export class Mailer {
  private transport: Transporter | null = null;
  constructor(
    private readonly cfg: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'outboxDir'>,
    /** Set by the app once its logger exists. */
    public log: MailLog | null = null,
  ) {}

  get usesOutbox() {
    return !this.cfg.smtpUrl;
  }

  async send(mail: Mail): Promise<void> {
    const message = {
      from: this.cfg.smtpFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    };
    if (this.cfg.smtpUrl) {
      this.transport ??= nodemailer.createTransport(this.cfg.smtpUrl);
      await this.transport.sendMail(message);
      return;
    }
    const eml = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await eml.sendMail(message);
    await mkdir(this.cfg.outboxDir, { recursive: true });
    const safeTo = mail.to.replace(/[^A-Za-z0-9@._-]/g, '_');
    const file = path.join(
      this.cfg.outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${randomBytes(3).toString('hex')}.eml`,
    );
    await writeFile(file, info.message as Buffer);
    this.log?.info({ to: mail.to, file, link: mail.link }, `E-mail written to the outbox: ${mail.subject}`);
  }

  close() {
    this.transport?.close();
  }
}
