import { RUNTIME_CONFIG_ELEMENT_ID } from '../pages';
import { loadRuntimeConfig } from './runtimeConfig';

const served = { apiBaseUrl: '', remotes: { ordering: 'http://localhost:8081/remoteEntry.js' } };
const fetched = { apiBaseUrl: '', remotes: { ordering: 'https://cdn.example.com/ordering/remoteEntry.js' } };

/** A page as the server writes it: the config in a JSON data block (or `block` as given). */
function pageWith(block?: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (block !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = RUNTIME_CONFIG_ELEMENT_ID;
    script.textContent = block;
    doc.head.append(script);
  }
  return doc;
}

describe('loadRuntimeConfig', () => {
  const requested: string[] = [];
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  beforeEach(() => {
    requested.length = 0;
    // The network: /runtime-config.json as the server answers it.
    globalThis.fetch = (async (url: string) => {
      requested.push(url);
      return { ok: true, status: 200, json: async () => fetched };
    }) as unknown as typeof fetch;
  });

  it('reads the config the server wrote into the page, and fetches nothing', async () => {
    await expect(loadRuntimeConfig(pageWith(JSON.stringify(served)))).resolves.toEqual(served);
    expect(requested).toEqual([]);
  });

  it('fetches /runtime-config.json on a page without it, or with a damaged block', async () => {
    await expect(loadRuntimeConfig(pageWith())).resolves.toEqual(fetched);
    await expect(loadRuntimeConfig(pageWith('{"apiBaseUrl": '))).resolves.toEqual(fetched);
    expect(requested).toEqual(['/runtime-config.json', '/runtime-config.json']);
  });
});
