<?php
/**
 * Thin client for the Engine API over the local socket.
 */
class EngineSocket
{
    private $socket;
    private $api;

    public function __construct($socket = ENGINE_SOCKET, $api = ENGINE_API)
    {
        $this->socket = $socket;
        $this->api = $api;
    }

    public function stacks()
    {
        return $this->call('GET', '/containers/json?all=1');
    }

    private function call($verb, $path)
    {
        $ch = curl_init();
        curl_setopt($ch, CURLOPT_UNIX_SOCKET_PATH, $this->socket);
        curl_setopt($ch, CURLOPT_URL, "http://localhost/{$this->api}{$path}");
        curl_setopt($ch, CURLOPT_CUSTOMREQUEST, $verb);
        curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
        $out = curl_exec($ch);
        curl_close($ch);
        return json_decode($out, true);
    }
}
