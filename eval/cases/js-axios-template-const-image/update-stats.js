import axios from "axios";

const owner = "gamevault";
const repo = "shelf";
const image = "gamevault/shelf";

async function stars() {
  const response = await axios.get(`https://api.github.com/repos/${owner}/${repo}`);
  return response.data.stargazers_count.toLocaleString();
}

async function pulls() {
  const response = await axios.get(
    `https://hub.docker.com/v2/repositories/${image}`,
  );
  return response.data.pull_count.toLocaleString();
}

(async function main() {
  console.log(`stars: ${await stars()}`);
  console.log(`pulls: ${await pulls()}`);
})();
