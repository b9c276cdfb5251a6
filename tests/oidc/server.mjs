// A real OpenID provider for the tests (tests/oidc_provider.py starts it): oidc-provider with its development
// sign-in pages, configured by the JSON file named as the first argument:
//   { port, issuer, jwks: {keys: [private JWK]}, clients: [oidc-provider client metadata], users: [{sub, email,
//     email_verified, name, preferred_username, groups}] }
// Its own routes under /__admin (this host only) let a test change the world the protocol runs in:
//   POST /__admin/users/<sub>/disable   the person leaves: the provider no longer knows them (a refresh is refused)
//                                       and every client with a back-channel logout URI is told (OIDC Back-Channel
//                                       Logout 1.0), as an administrator disabling an account at a real provider
//   POST /__admin/users/<sub>/enable
//   POST /__admin/tamper {claims, rogueKey}  the next token answer's ID token has these claims changed, signed with
//                                       the provider's key (or, rogueKey, with a key of its own under the same kid):
//                                       a misbehaving or impersonated provider, for the client's checks
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK } from 'jose';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const users = new Map(config.users.map((u) => [u.sub, { ...u, disabled: false }]));
let tamper = null;

const provider = new Provider(config.issuer, {
  clients: config.clients,
  jwks: config.jwks,
  cookies: { keys: ['crm-test-provider-cookie-key'] },
  scopes: ['openid', 'offline_access', 'email', 'profile', 'groups'],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'preferred_username'],
    groups: ['groups'],
  },
  pkce: { required: () => true },
  // its calls out (back-channel logout) go to this host in the tests: without the guard against special-use addresses
  fetch: (url, options) => {
    const { dispatcher: _, ...rest } = options;
    return globalThis.fetch(url, rest);
  },
  features: {
    devInteractions: { enabled: true },
    backchannelLogout: { enabled: true },
    rpInitiatedLogout: { enabled: true },
  },
  async findAccount(_ctx, sub) {
    const user = users.get(sub);
    if (!user || user.disabled) return undefined;
    return {
      accountId: sub,
      async claims() {
        const { disabled: _, ...claims } = user;
        return claims;
      },
    };
  },
});
provider.proxy = false;

async function resign(idToken) {
  const header = decodeProtectedHeader(idToken);
  const claims = { ...decodeJwt(idToken), ...tamper.claims };
  let key;
  if (tamper.rogueKey) {
    key = (await generateKeyPair(header.alg, { extractable: true })).privateKey;
  } else {
    const jwk = config.jwks.keys.find((k) => !header.kid || k.kid === header.kid) || config.jwks.keys[0];
    key = await importJWK(jwk, header.alg);
  }
  return new SignJWT(claims).setProtectedHeader({ alg: header.alg, kid: header.kid, typ: header.typ }).sign(key);
}

provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === '/token' && tamper && ctx.status === 200 && ctx.body && ctx.body.id_token) {
    const changed = await resign(ctx.body.id_token);
    tamper = null;
    ctx.body = { ...ctx.body, id_token: changed };
  }
});

async function readJson(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body ? JSON.parse(body) : {};
}

async function admin(req, res) {
  const url = new URL(req.url, config.issuer);
  const reply = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const userRoute = url.pathname.match(/^\/__admin\/users\/([^/]+)\/(disable|enable)$/);
  if (req.method === 'POST' && userRoute) {
    const user = users.get(decodeURIComponent(userRoute[1]));
    if (!user) return reply(404, { error: 'no such user' });
    user.disabled = userRoute[2] === 'disable';
    let told = 0;
    if (user.disabled) {
      for (const metadata of config.clients) {
        if (!metadata.backchannel_logout_uri) continue;
        const client = await provider.Client.find(metadata.client_id);
        try {
          await client.backchannelLogout(user.sub);
          told += 1;
        } catch (err) {
          console.error(`back-channel logout of ${metadata.client_id} failed: ${err.message}`);
        }
      }
    }
    return reply(200, { disabled: user.disabled, told });
  }
  if (req.method === 'POST' && url.pathname === '/__admin/tamper') {
    tamper = await readJson(req);
    return reply(200, { armed: true });
  }
  return reply(404, { error: 'unknown admin route' });
}

const callback = provider.callback();
const server = createServer((req, res) => {
  if (req.url.startsWith('/__admin/')) {
    admin(req, res).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  } else {
    callback(req, res);
  }
});
server.listen(config.port, '127.0.0.1', () => console.log(`oidc test provider listening on ${config.issuer}`));
