#!/bin/bash

n=0
while [ $? == 0 ]
do
   n=$((n+1))
   curl -f https://registry.hub.docker.com/v2/repositories/library/$1/tags/?page=$n 2>/dev/null | jq -r '.results[].name'
done
