<?php

namespace App\Services;

use Illuminate\Http\Client\PendingRequest;
use Illuminate\Support\Facades\Http;

class EngineSocket
{
    public const API = 'v1.44';

    public const SOCKET = '/var/run/docker.sock';

    public function get(string $path, array $query = [])
    {
        return $this->client()->get($path, $query);
    }

    private function client(): PendingRequest
    {
        return Http::baseUrl('http://' . self::API)
            ->withOptions(['curl' => [CURLOPT_UNIX_SOCKET_PATH => self::SOCKET]]);
    }
}
