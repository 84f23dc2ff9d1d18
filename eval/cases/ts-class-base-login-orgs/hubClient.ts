import type { HubCredentials, HubAuthHeaders } from './types'

const HUB_API = 'https://hub.docker.com/v2'

export class RegistryAccount {
	private auth!: HubAuthHeaders

	/** Exchanges the credentials for a JWT and keeps both header styles. */
	private async signIn(creds: HubCredentials): Promise<void> {
		const loginUrl = `${HUB_API}/users/login/`
		try {
			const res = await fetch(loginUrl, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(creds),
			})
			const json = await res.json()
			this.auth = {
				jwt: { Authorization: `JWT ${json.token}` },
				bearer: { Authorization: `Bearer ${json.token}` },
			}
		} catch (err) {
			throw new Error(`Hub sign-in failed: ${(err as Error).message}`)
		}
	}

	/** Organizations of the signed-in user. */
	private async organizations(): Promise<string[]> {
		const orgsUrl = `${HUB_API}/user/orgs/`
		const res = await fetch(orgsUrl, { headers: this.auth.bearer })
		const json = await res.json()
		return json.results.map((o: { orgname: string }) => o.orgname)
	}

	public async load(creds: HubCredentials): Promise<string[]> {
		await this.signIn(creds)
		return this.organizations()
	}
}
