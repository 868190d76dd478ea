import type { StoredEmail } from '../repositories/emailOutbox';
import type { EmailMessage } from './provider';

/** The message as the outbox keeps it: attachments as base64, so a retry sends the same bytes. */
export function storedEmail(message: EmailMessage): StoredEmail {
  return {
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentBase64: Buffer.from(attachment.content).toString('base64'),
    })),
  };
}
