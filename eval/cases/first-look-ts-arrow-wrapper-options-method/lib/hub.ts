import { transmit, type Options } from './transport';

// Every call goes through this arrow helper: the caller names the route below /v2/ and
// brings its own options (the verb among them; GET when it gives none).
export const callRegistryApi = <T>(route: string, options: Options): Promise<T> => {
  const settings = options as Options & { url: string };
  settings.url = `https://hub.docker.com/v2/${route}`;
  return transmit<T>(settings);
};

export const signIn = (account: string, secret: string) => {
  const options: Options = {
    verb: 'POST',
    body: { username: account, password: secret },
  };
  return callRegistryApi<{ token: string }>('users/login', options);
};

export const readImage = (owner: string, image: string, jwt: string) =>
  callRegistryApi<{ description: string }>(`repositories/${owner}/${image}/`, { jwt });

export const updateOverview = (owner: string, image: string, jwt: string, text: string) =>
  callRegistryApi(`repositories/${owner}/${image}/`, { verb: 'PATCH', jwt, body: { full_description: text } });
