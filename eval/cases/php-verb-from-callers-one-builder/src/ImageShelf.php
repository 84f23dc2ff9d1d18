<?php

namespace Harbourline\Shelf;

use GuzzleHttp\Client;

final class ImageShelf
{
    private Client $http;

    public function __construct(private string $team, string $token)
    {
        $this->http = new Client(['headers' => ['Authorization' => 'Bearer ' . $token]]);
    }

    private function imageUri(string $image): string
    {
        return sprintf('https://hub.docker.com/v2/repositories/%s/%s/', $this->team, $image);
    }

    private function perform(string $verb, string $uri, array $options = [])
    {
        return $this->http->request($verb, $uri, $options);
    }

    public function has(string $image): bool
    {
        return $this->perform('HEAD', $this->imageUri($image))->getStatusCode() === 200;
    }

    public function drop(string $image): void
    {
        $this->perform('DELETE', $this->imageUri($image));
    }

    public function retitle(string $image, string $summary): void
    {
        $this->perform('PATCH', $this->imageUri($image), ['json' => ['description' => $summary]]);
    }

    public function stars(string $image): int
    {
        $body = json_decode((string) $this->perform('GET', $this->imageUri($image))->getBody(), true);
        return $body['star_count'];
    }
}
