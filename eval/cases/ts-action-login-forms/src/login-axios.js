const axios = require('axios');
const core = require('@actions/core');

const LOGIN_URL = 'https://hub.docker.com/v2/users/login';

async function loginWithAxios() {
  const creds = { username: core.getInput('user'), password: core.getInput('token') };
  const { data } = await axios.post(LOGIN_URL, creds);
  return data.token;
}

module.exports = { loginWithAxios };
