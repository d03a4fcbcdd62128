import { CodeBlock } from './markdown';

/** From nothing to a verified webhook: the five-minute path of a new partner, then the POS side. */
export function QuickStart({ publicUrl }: { publicUrl: string }) {
  const api = `${publicUrl}/connect`;
  return (
    <section id="quick-start" className="mt-10">
      <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">Quick start</h2>
      <p className="mt-2 text-sm text-stone-700">
        The demo tenant prints an ordering app&apos;s <code>client_id</code> and <code>client_secret</code> at first start (the admin dashboard lists the client
        ids). With them, an app goes from nothing to a verified webhook in five steps. The TypeScript SDK, <code>@counterpart/client</code>, lives in{' '}
        <code>sdk/</code> of the repository (<code>cd sdk &amp;&amp; npm pack</code>).
      </p>

      <h3 className="mt-6 font-semibold">1. Get a token</h3>
      <CodeBlock
        label="curl"
        code={`curl -s ${publicUrl}/oauth/token \\
  -d grant_type=client_credentials -d client_id=$CLIENT_ID -d client_secret=$CLIENT_SECRET
# {"access_token":"eyJ…","token_type":"Bearer","expires_in":43200}`}
      />
      <CodeBlock
        label="SDK"
        code={`import { clientCredentials, createCounterpartClient } from '@counterpart/client';

const baseUrl = '${publicUrl}';
// Tokens are cached and renewed shortly before they expire; 429/503 are retried after Retry-After.
const api = createCounterpartClient({ baseUrl, auth: clientCredentials({ baseUrl, clientId, clientSecret }) });`}
      />

      <h3 className="mt-6 font-semibold">2. Create an order</h3>
      <CodeBlock
        label="curl"
        code={`curl -s ${api}/orders -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{
  "locationId": "demo-bistro-cbd",
  "origin": {"orderId": "app-order-1001"},
  "fulfilment": {"type": "PICK_UP"},
  "items": [{"id": "1", "sku": "FW-REG", "description": "Flat white", "quantity": 1, "unitPrice": {"amount": 480, "currency": "AUD"}}],
  "total": {"amount": 480, "currency": "AUD"}
}'`}
      />
      <CodeBlock
        label="SDK"
        code={`const { data: order } = await api.POST('/orders', { body: { locationId: 'demo-bistro-cbd', origin: { orderId: 'app-order-1001' }, … } });
// Sending the same origin.orderId with the same content again returns the same order: retries are safe.`}
      />

      <h3 className="mt-6 font-semibold">3. Receive and verify the webhook</h3>
      <p className="mt-1 text-sm text-stone-700">
        The operator registers your URL (<code>POST /manage/partners/&#123;partnerId&#125;/webhooks</code>, or the admin dashboard) and hands you its{' '}
        <code>whsec_…</code> secret. Deliveries follow Standard Webhooks; verify the raw body before trusting it, and hand events to an ordered consumer so a
        retried, older event never overwrites a newer one.
      </p>
      <CodeBlock
        label="SDK (Node http)"
        code={`import { createServer } from 'node:http';
import { EventConsumer, verifyWebhook } from '@counterpart/client';

const consumer = new EventConsumer({ handle: async (event) => console.log(event.type, event.data.id, event.data.version) });
createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk)).on('end', async () => {
    try {
      // During a secret rotation pass both secrets: either signature is accepted.
      const event = verifyWebhook([process.env.WEBHOOK_SECRET], request.headers, Buffer.concat(chunks));
      response.writeHead(204).end();
      await consumer.consume(event);
    } catch {
      response.writeHead(400).end();
    }
  });
}).listen(8080);`}
      />

      <h3 className="mt-6 font-semibold">4. Read the order as the POS, and 5. patch it</h3>
      <CodeBlock
        label="curl"
        code={`curl -s ${api}/orders/$ORDER_ID -H "Authorization: Bearer $POS_TOKEN" -H 'Accept: application/json; version=1.1'
curl -s -X PATCH ${api}/orders/$ORDER_ID -H "Authorization: Bearer $POS_TOKEN" \\
  -H 'Content-Type: application/merge-patch+json' -d '{"status": "ACCEPTED"}'     # 204; the app receives ORDER_ACCEPTED`}
      />

      <h3 id="device-flow" className="mt-6 font-semibold">
        Device flow (a POS signs in)
      </h3>
      <CodeBlock
        label="curl"
        code={`curl -s ${publicUrl}/oauth/device/code -d client_id=$POS_CLIENT_ID -d scope=offline_access
# {"device_code":"…","user_code":"ABCD-EFGH","verification_uri":"${publicUrl}/activate","verification_uri_complete":"…","interval":5,"expires_in":900}
# A merchant opens verification_uri_complete, signs in, picks the location(s) and approves. Meanwhile, every interval seconds:
curl -s ${publicUrl}/oauth/token -d grant_type=urn:ietf:params:oauth:grant-type:device_code -d client_id=$POS_CLIENT_ID -d device_code=$DEVICE_CODE
# 400 {"error":"authorization_pending"} until approved; {"error":"slow_down"} adds 5 s to the interval; then the tokens.`}
      />
      <CodeBlock
        label="SDK"
        code={`const device = await startDeviceAuthorization({ baseUrl, clientId: posClientId });
console.log(\`Open \${device.verificationUriComplete} (code \${device.userCode})\`);
const store = new FileTokenStore('.pos-tokens.json');
await store.save(await pollDeviceAuthorization({ baseUrl, clientId: posClientId, device }));
// The refresh token rotates on every use; refreshingTokens saves each new one before using it.
const pos = createCounterpartClient({ baseUrl, auth: refreshingTokens({ baseUrl, clientId: posClientId, store }) });`}
      />

      <h3 id="websocket" className="mt-6 font-semibold">
        WebSocket notifications and catch-up
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        A POS opens <code>{api.replace(/^http/, 'ws')}/pos/notifications/&#123;locationId&#125;</code> with its Bearer token, sends{' '}
        <code>&#123;&quot;type&quot;:&quot;HELLO&quot;,&quot;posVersion&quot;:…,&quot;supportedApis&quot;:[…]&#125;</code> within 30 s, then receives the
        location&apos;s events. After a disconnect, <code>GET /connect/events?after=&lt;last event id&gt;</code> returns what it missed, oldest first. The SDK
        does both:
      </p>
      <CodeBlock
        code={`new PosNotifications({
  client: pos,
  locationId: 'demo-bistro-cbd',
  onEvent: async (event) => { /* each event once, in order, across reconnects */ },
}).start();`}
      />
      <p className="mt-2 text-sm text-stone-700">
        To watch it all move, run the simulators against this server: <code>npm run simulate -- pos --url {publicUrl} --client-id …</code> and{' '}
        <code>npm run simulate -- ordering-app --url {publicUrl} --client-id … --client-secret …</code>, and open the orders board.
      </p>
    </section>
  );
}
