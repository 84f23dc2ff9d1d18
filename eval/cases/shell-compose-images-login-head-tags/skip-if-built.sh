set -e

usage () {
    echo 'Usage: ./skip-if-built.sh HUB_USER HUB_PASS VERSION'
    exit 1
}

[ -z "$1" ] && usage
[ -z "$2" ] && usage
[ -z "$3" ] && usage

STACK_FILE="stack.yml"
HUB_USER=$1
HUB_PASS=$2
VERSION=$3

function already_pushed() {
    JWT=$(curl -s -H "Content-Type: application/json" -X POST -d '{"username": "'${HUB_USER}'", "password": "'${HUB_PASS}'"}' https://hub.docker.com/v2/users/login/ | jq -r .token)
    curl --silent -f --head -lL https://hub.docker.com/v2/repositories/$1/tags/$2/ > /dev/null
}

images_in() {
   grep image: "$1" | sed "s/image://" | sed 's/:${VERSION:-latest}//g'
}

built="true"
for image in $(images_in "$STACK_FILE"); do
    if already_pushed $image $VERSION; then
        echo "$image is already built"
    else
        built="false"
        break
    fi
done

[ "$built" == "false" ] && yarn stack:push
