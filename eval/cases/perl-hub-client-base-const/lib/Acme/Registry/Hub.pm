package Acme::Registry::Hub;

use strict;
use warnings;
use JSON::PP qw(encode_json decode_json);
use HTTP::Tiny;

our $API  = 'v2';
our $ROOT = "https://hub.docker.com/$API";

my $PAGE = 100;

sub new {
    my ( $class, %args ) = @_;
    return bless { user => $args{user}, secret => $args{secret}, http => HTTP::Tiny->new }, $class;
}

sub _sign_in {
    my ($self) = @_;
    my $path = '/users/login/';
    my $res  = $self->_send( 'POST', $path, { username => $self->{user}, password => $self->{secret} }, 1 );
    $self->{jwt} = $res->{token};
    return $self->{jwt};
}

sub _send {
    my ( $self, $method, $path, $body, $anonymous ) = @_;
    $self->_sign_in if !$anonymous && !$self->{jwt};
    my $res = $self->{http}->request(
        $method,
        $ROOT . $path,
        {   headers => { 'Content-Type' => 'application/json', $self->{jwt} ? ( Authorization => "JWT $self->{jwt}" ) : () },
            $body ? ( content => encode_json($body) ) : (),
        }
    );
    return $res->{content} ? decode_json( $res->{content} ) : {};
}

sub add_repo {
    my ( $self, $id, %opt ) = @_;
    my ( $ns, $name ) = split m{/}, $id;
    return $self->_send(
        'POST',
        '/repositories/',
        { namespace => $ns, name => $name, is_private => $opt{private} ? 1 : 0 }
    );
}

sub repos_of {
    my ( $self, $ns ) = @_;
    return $self->_send( 'GET', "/users/$ns/repositories/" );
}

sub repo {
    my ( $self, $id ) = @_;
    return $self->_send( 'GET', "/repositories/$id/" );
}

sub drop_repo {
    my ( $self, $id ) = @_;
    return $self->_send( 'DELETE', "/repositories/$id/" );
}

sub tags {
    my ( $self, $id ) = @_;
    return $self->_send( 'GET', "/repositories/$id/tags/?page_size=$PAGE&page=1" );
}

1;
