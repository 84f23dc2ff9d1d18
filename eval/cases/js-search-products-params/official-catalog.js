const axios = require('axios');

module.exports = async function loadOfficialCatalog(logger) {
  logger.info('loading the official image catalog');

  const reply = await axios.get(
    'https://hub.docker.com/api/content/v1/products/search',
    {
      params: {
        image_filter: 'official',
        page_size: 100,
        type: 'image',
      },
      headers: { 'Search-Version': 'v3' },
    },
  );

  return reply.data.summaries.map((s) => ({ name: s.name, about: s.short_description }));
};
