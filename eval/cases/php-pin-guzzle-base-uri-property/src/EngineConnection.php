<?php declare(strict_types=1);

namespace Dockyard\Engine;

use GuzzleHttp\Client;

final class EngineConnection
{
    private string $baseUri = 'http://localhost/v1.43';

    private string $socket = '/var/run/docker.sock';

    public function http(): Client
    {
        return new Client([
            'base_uri' => $this->baseUri . '/',
            'curl' => [CURLOPT_UNIX_SOCKET_PATH => $this->socket],
        ]);
    }

    public function containers(): array
    {
        return json_decode((string) $this->http()->get('containers/json')->getBody(), true);
    }
}
