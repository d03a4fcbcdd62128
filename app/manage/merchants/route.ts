import { json } from '@/lib/http/responses';
import { manageRoute } from '@/lib/http/manage-route';
import { ADMIN_API_ACTOR } from '@/lib/ops/audit';
import { inviteMember } from '@/lib/team/invitations';
import { createMerchant } from '@/lib/tenancy/merchants';
import { creationDoc } from '@/lib/tenancy/openapi';
import { createMerchantWithOwnerSchema } from '@/lib/tenancy/schemas';

/** With `ownerEmail`, the merchant and the invitation of its first owner commit together (docs/domain.md#merchant-teams). */
export const POST = manageRoute(
  { body: createMerchantWithOwnerSchema, doc: { ...creationDoc, summary: 'Create a merchant (optionally inviting its first owner)' } },
  async ({ db, body: { ownerEmail, ...input } }) =>
    json(
      await db.transaction(async (tx) => {
        const merchant = await createMerchant(tx, input);
        if (!ownerEmail) return merchant;
        const invitation = await inviteMember(tx, merchant.id, ADMIN_API_ACTOR, { email: ownerEmail, role: 'OWNER', locationIds: [] });
        return {
          ...merchant,
          invitation: { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() },
        };
      }),
      201,
    ),
);
