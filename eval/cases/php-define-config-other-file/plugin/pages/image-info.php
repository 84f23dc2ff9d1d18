<?php
require_once dirname(__DIR__) . '/settings.php';
require_once dirname(__DIR__) . '/classes/EngineSocket.php';

function image_card($image)
{
    [$owner, $name] = array_pad(explode('/', $image, 2), 2, '');
    $ch = curl_init(HUB_API . '/repositories/' . rawurlencode($owner) . '/' . rawurlencode($name) . '/');
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    $card = json_decode(curl_exec($ch), true);
    curl_close($ch);
    return ['stars' => $card['star_count'] ?? 0, 'pulls' => $card['pull_count'] ?? 0];
}

function image_tags($owner, $name)
{
    return json_decode(file_get_contents(HUB_API . "/repositories/$owner/$name/tags/?page_size=10"), true);
}

$engine = new EngineSocket();
echo json_encode(array_map('image_card', array_column($engine->stacks(), 'Image')));
