import axios from 'axios';
import { get } from 'lodash';

export const fetchOfficialPage = (pageNo, perPage) =>
  axios.get(`https://hub.docker.com/v2/repositories/library/?page=${pageNo}&page_size=${perPage}`)
    .then((res) => {
      const toCard = (item) => ({
        title: get(item, 'name', ''),
        summary: get(item, 'description', ''),
        kind: get(item, 'repository_type', ''),
        icon: `https://raw.githubusercontent.com/acme-icons/library-logos/main/${item.name}.png`,
      });
      return res.data.results.map(toCard);
    });
