/**
 * The storage refused this instance: a permission it lacks, or credentials it does not accept.
 * Trying again will not help; an operator must act, and `message` says what to grant or fix (it
 * names permissions and settings, never a key or a secret). `cause` is the storage's own error.
 */
export class StorageRefused extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'StorageRefused';
  }
}
