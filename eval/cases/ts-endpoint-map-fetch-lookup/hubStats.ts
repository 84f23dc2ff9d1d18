interface HubStats {
  name: string
  pulls: number
  stars: number
  updated: Date
}

const HUB_URLS = {
  'ledger-api': 'https://hub.docker.com/v2/repositories/ledgerly/ledger-api',
  'ledger-web': 'https://hub.docker.com/v2/repositories/ledgerly/ledger-web',
}

export async function hubStats(): Promise<HubStats[]> {
  const names = Object.keys(HUB_URLS)
  return Promise.all(
    names.map(async (name) => {
      const res = await fetch(HUB_URLS[name as keyof typeof HUB_URLS])
      const json = await res.json()
      return { name, pulls: json.pull_count, stars: json.star_count, updated: new Date(json.last_updated) }
    }),
  )
}
