export function searchImages(term) {
  return fetch(`https://hub.docker.com/api/content/v1/products/search?q=${encodeURIComponent(term)}&type=image`);
}
