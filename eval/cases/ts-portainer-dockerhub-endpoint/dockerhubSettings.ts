import axios from 'axios';

/**
 * Reads the Docker Hub settings stored in the management server.
 */
const hubSettings = async (host: string, jwt: string) => {
    const url = host + '/api/dockerhub';
    const response = await axios.get(url, { headers: { Authorization: 'Bearer ' + jwt } });
    return response.data;
};

export { hubSettings };
