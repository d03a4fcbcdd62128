import { randomUUID } from 'node:crypto';

/**
 * A new memberReference for an unregistered customer. It is the only thing that ties a later sign-up to
 * the customer's earlier payments and pre-accumulated reward, so it must not be guessable: a random
 * (version 4) UUID has 122 bits from the system CSPRNG and, unlike our sortable ids, reveals no creation
 * time. It is the same format as the reference's example memberReference.
 */
export function generateMemberReference(): string {
  return randomUUID();
}
